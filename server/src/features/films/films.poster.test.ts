import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { createMovie } from '../../test/factories/movie';
import { createAdmin, createUser } from '../../test/factories/user';
import { bombPng, solidPng } from '../../test/images';

// POST /api/films/{id}/poster (docs/catalogue.md "Posters"): the avatar pipeline's checks, a
// WebP at most 780 px wide keeping the ratio, served under /uploads/posters/.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const postersDir = () => path.join(t.dataDir, 'uploads', 'posters');
const storedPosters = () => (existsSync(postersDir()) ? readdirSync(postersDir()).sort() : []);

const formWith = (data: Buffer, field = 'poster', type = 'image/png', filename = 'poster.png') => {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return f as unknown as string;
};
const upload = (token: string, filmId: string, payload: string) =>
  t.injectAs(token, { method: 'POST', url: `/api/films/${filmId}/poster`, payload });

/** A member, the member film they made (through their entry), and its URL. */
async function makerWithFilm() {
  const maker = await createUser(t.app);
  const entry = await createMovie(t.app, maker.user.id, { title: 'Bizim həyət' });
  return { maker, entry, filmId: entry.filmId };
}

const served = async (url: string) => {
  const res = await t.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  return { res, meta: await sharp(res.rawPayload).metadata() };
};

describe('POST /api/films/{id}/poster', () => {
  it("tells a reader of the film's page whether they may upload its poster: its maker and admins", async () => {
    const { maker, filmId } = await makerWithFilm();
    const other = await createUser(t.app);
    const admin = await createAdmin(t.app);
    const canUpload = async (token?: string) => {
      const url = `/api/films/${filmId}`;
      const res = token ? await t.injectAs(token, { method: 'GET', url }) : await t.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.json().can_upload_poster;
    };
    expect(await canUpload(maker.token)).toBe(true);
    expect(await canUpload(admin.token)).toBe(true);
    expect(await canUpload(other.token)).toBe(false);
    expect(await canUpload()).toBeUndefined();
    // A catalogue film's poster is the admins' alone.
    const catalogue = await createFilm(t.app, { title: 'Yarasa', source: 'catalogue' });
    const res = await t.injectAs(maker.token, { method: 'GET', url: `/api/films/${catalogue.id}` });
    expect(res.json().can_upload_poster).toBe(false);
  });

  it("stores the maker's poster as a WebP 780 px wide with the upload's ratio, which every entry shows", async () => {
    const { maker, entry, filmId } = await makerWithFilm();
    const other = await createUser(t.app);
    const othersEntry = await createMovie(t.app, other.user.id, { filmId });
    // The other member's list is read (and cached) before the upload.
    expect((await t.injectAs(other.token, { method: 'GET', url: '/api/movies/' })).json().data[0].poster_url).toBe(
      null,
    );

    const res = await upload(maker.token, filmId, formWith(await solidPng(1600, 900)));
    expect(res.statusCode).toBe(200);
    const url = res.json().poster_url as string;
    expect(url).toMatch(/^\/uploads\/posters\/[0-9a-f-]{36}\.webp$/);
    expect(res.json()).toMatchObject({ id: filmId, title: 'Bizim həyət' });

    const { meta } = await served(url);
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(780);
    expect(meta.height).toBe(439);

    for (const id of [entry.id, othersEntry.id]) {
      expect((await t.inject({ method: 'GET', url: `/api/movies/${id}` })).json().poster_url).toBe(url);
    }
    // The cached list dropped with the film's change.
    expect((await t.injectAs(other.token, { method: 'GET', url: '/api/movies/' })).json().data[0].poster_url).toBe(url);
  });

  it('never enlarges a small poster, and drops its metadata', async () => {
    const { maker, filmId } = await makerWithFilm();
    const jpeg = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#aa3333' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Gizli məkan', Artist: 'Kimsə' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(maker.token, filmId, formWith(jpeg, 'poster', 'image/jpeg', 'p.jpg'));
    expect(res.statusCode).toBe(200);
    const { meta, res: file } = await served(res.json().poster_url);
    expect([meta.width, meta.height]).toEqual([300, 450]);
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('Gizli'))).toBe(false);
  });

  it('a strip far taller than any poster is shrunk into 780 x 3120, its ratio kept', async () => {
    const { maker, filmId } = await makerWithFilm();
    const res = await upload(maker.token, filmId, formWith(await solidPng(100, 20_000)));
    expect(res.statusCode).toBe(200);
    const { meta } = await served(res.json().poster_url);
    expect([meta.width, meta.height]).toEqual([16, 3120]);
  });

  it('a new poster replaces the old one, whose file is deleted', async () => {
    const { maker, filmId } = await makerWithFilm();
    const first = (await upload(maker.token, filmId, formWith(await solidPng(400, 600)))).json().poster_url as string;
    const firstName = path.basename(first);
    expect(storedPosters()).toContain(firstName);
    const res = await upload(maker.token, filmId, formWith(await solidPng(500, 700)));
    expect(res.statusCode).toBe(200);
    const second = res.json().poster_url as string;
    expect(second).not.toBe(first);
    expect(storedPosters()).not.toContain(firstName);
    expect(storedPosters()).toContain(path.basename(second));
    expect((await t.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it("an admin may set any film's poster", async () => {
    const admin = await createAdmin(t.app);
    const film = await createFilm(t.app, { title: 'Nəsimi', year: 1973 });
    const res = await upload(admin.token, film.id, formWith(await solidPng(800, 1200)));
    expect(res.statusCode).toBe(200);
    expect((await served(res.json().poster_url)).meta.width).toBe(780);
  });

  it('anyone else gets 404 (never 403), a visitor 401, and nothing is stored', async () => {
    const { filmId } = await makerWithFilm();
    const stranger = await createUser(t.app);
    const catalogueFilm = await createFilm(t.app, { title: 'Babək' });
    const before = storedPosters();
    const png = await solidPng(100, 150);
    for (const id of [filmId, catalogueFilm.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await upload(stranger.token, id, formWith(png));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: msg.films.notFound });
    }
    // A member film's maker has no right to another kind of film they happened to make.
    const importer = await createUser(t.app);
    const imported = await createFilm(t.app, { title: 'Uzaq sahillərdə', source: 'tmdb', createdBy: importer.user.id });
    expect((await upload(importer.token, imported.id, formWith(png))).statusCode).toBe(404);
    const visitor = await t.inject({ method: 'POST', url: `/api/films/${filmId}/poster`, payload: formWith(png) });
    expect(visitor.statusCode).toBe(401);
    expect(storedPosters()).toEqual(before);
  });

  describe('refusals, each with the poster left as it was', () => {
    const expectRefused = async (payload: string, status: number, error: string) => {
      const { maker, filmId } = await makerWithFilm();
      const before = storedPosters();
      const res = await upload(maker.token, filmId, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, error });
      expect((await t.inject({ method: 'GET', url: `/api/films/${filmId}` })).json().poster_url).toBe(null);
      expect(storedPosters()).toEqual(before);
    };

    it('a file over 5 MB: 413', async () => {
      const big = Buffer.concat([await solidPng(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1)]);
      await expectRefused(formWith(big), 413, msg.poster.tooLarge);
    });

    it('a decompression bomb (a real 20000x20000 PNG of a few KB): 413 before decoding', async () => {
      const bomb = bombPng(20_000, 20_000);
      expect(bomb.length).toBeLessThan(200_000);
      await expectRefused(formWith(bomb), 413, msg.poster.tooManyPixels);
    });

    it('a text file named .png: 415', async () => {
      await expectRefused(formWith(Buffer.from('<svg onload="alert(1)"/>')), 415, msg.poster.unsupported);
    });

    it('an empty file: 400, said as empty', async () => {
      await expectRefused(formWith(Buffer.alloc(0)), 400, msg.poster.empty);
    });

    it('a truncated PNG: 400', async () => {
      const png = await solidPng(300, 300);
      await expectRefused(formWith(png.subarray(0, png.length - 40)), 400, msg.poster.corrupt);
    });

    it('the file under another field name: 400', async () => {
      await expectRefused(formWith(await solidPng(50, 50), 'avatar'), 400, msg.poster.missing);
    });
  });
});

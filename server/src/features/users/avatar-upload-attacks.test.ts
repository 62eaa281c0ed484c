import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../lib/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, reloadUser } from '../../test/factories/user';
import { bombPng } from '../../test/images';
import { listenUrl } from '../../test/socket-client';

/**
 * Hostile avatar uploads (issue 7 "Uploads"): each is refused with the right
 * 4xx and an Azerbaijani text, or (polyglots) accepted only as a fresh WebP
 * that carries nothing of the uploaded bytes. A refused upload leaves the
 * user's avatar and the uploads folder exactly as they were.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.dataDir, 'uploads');
/** Every file under DATA_DIR/uploads, dot files (temporary writes) included. */
const listUploads = () => readdirSync(uploadsDir(), { recursive: true, encoding: 'utf8' }).sort();

const solidPng = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3f51b5' } })
    .png()
    .toBuffer();
const noisePng = (w: number, h: number) =>
  sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();

interface Part {
  field: string;
  data: Buffer;
  filename?: string;
  type?: string;
}
const form = (...parts: Part[]) => {
  const f = new FormData();
  for (const p of parts) {
    if (p.filename === undefined) f.append(p.field, p.data.toString('utf8'));
    else f.append(p.field, new Blob([new Uint8Array(p.data)], { type: p.type ?? 'image/png' }), p.filename);
  }
  return f;
};
const file = (data: Buffer, filename = 'photo.png', type = 'image/png'): Part => ({
  field: 'avatar',
  data,
  filename,
  type,
});
const upload = (token: string, body: FormData) =>
  t.injectAs(token, { method: 'POST', url: '/api/user/avatar', payload: body as unknown as string });

/** A member who already has an avatar, and the state a refused upload must leave alone. */
async function memberWithAvatar() {
  const { user, token } = await createUser(t.app);
  const first = await upload(token, form(file(await solidPng(64, 64))));
  expect(first.statusCode).toBe(200);
  const avatar = (await reloadUser(t.app, user.id))?.avatar;
  expect(avatar).toMatch(/\.webp$/);
  return { user, token, avatar, files: listUploads() };
}

async function expectRefused(
  res: { statusCode: number; json(): { error?: string } },
  status: number,
  text: string,
  before: Awaited<ReturnType<typeof memberWithAvatar>>,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().error).toBe(text);
  expect((await reloadUser(t.app, before.user.id))?.avatar).toBe(before.avatar);
  expect(listUploads()).toEqual(before.files);
}

/** A one-entry stored ZIP archive (local header, central directory, end record). */
function zipWith(name: string, content: Buffer) {
  const n = Buffer.from(name, 'latin1');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12);
  end.writeUInt32LE(local.length + n.length + content.length, 16);
  return Buffer.concat([local, n, content, central, n, end]);
}

/** True when some `size`-byte window of `original` appears in `stored`. */
function sharesBytes(original: Buffer, stored: Buffer, size = 16) {
  for (let i = 0; i + size <= original.length; i += 1) {
    if (stored.includes(original.subarray(i, i + size))) return true;
  }
  return false;
}

describe('hostile avatar uploads are refused and change nothing', () => {
  it('a text file named .png and sent as image/png: 415', async () => {
    const before = await memberWithAvatar();
    const res = await upload(before.token, form(file(Buffer.from('just some text, not a picture\n'.repeat(20)))));
    await expectRefused(res, 415, msg.avatar.unsupported, before);
  });

  it('HTML and a shell script behind a fake name and type: 415', async () => {
    const before = await memberWithAvatar();
    const html = Buffer.from('<!doctype html><script>fetch("/api/user/profile")</script>');
    await expectRefused(
      await upload(before.token, form(file(html, 'x.jpg', 'image/jpeg'))),
      415,
      msg.avatar.unsupported,
      before,
    );
    const sh = Buffer.from('#!/bin/sh\nrm -rf /\n');
    await expectRefused(
      await upload(before.token, form(file(sh, 'x.gif', 'image/gif'))),
      415,
      msg.avatar.unsupported,
      before,
    );
  });

  it('a truncated PNG: 400', async () => {
    const before = await memberWithAvatar();
    const png = await noisePng(300, 300);
    const res = await upload(before.token, form(file(png.subarray(0, Math.floor(png.length / 2)))));
    await expectRefused(res, 400, msg.avatar.corrupt, before);
  });

  it('an empty file: 400, said as empty', async () => {
    const before = await memberWithAvatar();
    await expectRefused(await upload(before.token, form(file(Buffer.alloc(0)))), 400, msg.avatar.empty, before);
  });

  it('a decompression bomb (a real 20000x20000 PNG of a few KB): 413', async () => {
    const before = await memberWithAvatar();
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([20_000, 20_000]);
    const started = Date.now();
    await expectRefused(await upload(before.token, form(file(bomb))), 413, msg.avatar.tooManyPixels, before);
    // Refused from the header: decoding 400 megapixels would take far longer.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('several files in one form: 400, none of them stored', async () => {
    const before = await memberWithAvatar();
    const png = await solidPng(32, 32);
    const twice = await upload(before.token, form(file(png), file(png, 'second.png')));
    await expectRefused(twice, 400, msg.avatar.oneFile, before);
    const other = await upload(before.token, form(file(png), { ...file(png), field: 'picture' }));
    await expectRefused(other, 400, msg.avatar.oneFile, before);
  });

  it('a form with a text field but no file: 400', async () => {
    const before = await memberWithAvatar();
    const res = await upload(before.token, form({ field: 'avatar', data: Buffer.from('not a file') }));
    await expectRefused(res, 400, msg.avatar.missing, before);
  });

  it('a multipart type without a boundary: 400, not 500', async () => {
    const before = await memberWithAvatar();
    const res = await t.injectAs(before.token, {
      method: 'POST',
      url: '/api/user/avatar',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x'.repeat(100),
    });
    await expectRefused(res, 400, msg.avatar.corrupt, before);
  });

  it('a body that ends inside its file part (no closing boundary): 400, not an answer that never comes', async () => {
    const before = await memberWithAvatar();
    const boundary = 'kinodost-cut';
    const png = await solidPng(32, 32);
    const res = await t.injectAs(before.token, {
      method: 'POST',
      url: '/api/user/avatar',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
      ]),
    });
    await expectRefused(res, 400, msg.avatar.corrupt, before);
  });

  it('a form with no parts at all: 400', async () => {
    const before = await memberWithAvatar();
    const boundary = 'kinodost-empty';
    const res = await t.injectAs(before.token, {
      method: 'POST',
      url: '/api/user/avatar',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    await expectRefused(res, 400, msg.avatar.missing, before);
  });
});

describe('polyglots are accepted only as a fresh WebP that keeps nothing of the upload', () => {
  const script = Buffer.from('<html><body><script>alert("kinodost-polyglot")</script></body></html>');

  async function acceptedClean(upload_: Buffer, markers: string[]) {
    const { user, token } = await createUser(t.app);
    const res = await upload(token, form(file(upload_, 'poly.png', 'image/png')));
    expect(res.statusCode).toBe(200);
    const url = res.json().avatar_url as string;
    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const stored = served.rawPayload;
    expect(stored.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');
    for (const m of markers) expect(stored.includes(m), m).toBe(false);
    expect(sharesBytes(upload_, stored), 'a 16-byte run of the upload survived').toBe(false);
    expect((await reloadUser(t.app, user.id))?.avatar).toBe(path.basename(url));
  }

  it('a PNG with an HTML page appended', async () => {
    await acceptedClean(Buffer.concat([await noisePng(40, 40), script]), ['<script>', 'kinodost-polyglot']);
  });

  it('a PNG with a ZIP archive appended (a PNG/ZIP polyglot)', async () => {
    const zip = zipWith('index.html', script);
    await acceptedClean(Buffer.concat([await noisePng(40, 40), zip]), ['PK\u0003\u0004', 'index.html', '<script>']);
  });

  it('a GIF that is also valid JavaScript (GIF89a/*...*/=1;alert(...))', async () => {
    // The logical screen width becomes the bytes "/*", opening a JS comment that
    // the appended "*/" closes: the file parses as `GIF89a = 1; alert(...)`. Random
    // pixels hold a "*/" of their own now and then (a few % of images): draw again.
    let gif = Buffer.alloc(0);
    for (let tries = 0; tries < 50 && (gif.length === 0 || gif.includes('*/')); tries++) {
      gif = Buffer.from(
        await sharp(randomBytes(24 * 24 * 3), { raw: { width: 24, height: 24, channels: 3 } })
          .gif()
          .toBuffer(),
      );
      gif.write('/*', 6, 'latin1');
    }
    expect(gif.includes('*/')).toBe(false);
    const polyglot = Buffer.concat([gif, Buffer.from('*/=1;alert("kinodost-polyglot");//')]);
    await acceptedClean(polyglot, ['alert', 'kinodost-polyglot', 'GIF89a']);
  });

  it('a JPEG whose comment segment holds a script', async () => {
    const jpeg = await sharp(randomBytes(40 * 40 * 3), { raw: { width: 40, height: 40, channels: 3 } })
      .jpeg()
      .toBuffer();
    const text = Buffer.from('<script>alert("kinodost-polyglot")</script>');
    const com = Buffer.alloc(4);
    com.writeUInt16BE(0xfffe, 0);
    com.writeUInt16BE(text.length + 2, 2);
    // The COM segment goes right after SOI, where JPEG readers skip it.
    const withComment = Buffer.concat([jpeg.subarray(0, 2), com, text, jpeg.subarray(2)]);
    expect((await sharp(withComment).metadata()).format).toBe('jpeg');
    await acceptedClean(withComment, ['<script>', 'kinodost-polyglot']);
  });
});

describe('an upload the client abandons half-way', () => {
  it('stores nothing, changes nothing, and the server keeps answering', async () => {
    const before = await memberWithAvatar();
    const url = new URL('/api/user/avatar', await listenUrl(t.app));
    const boundary = 'kinodost-abandoned';
    const png = await noisePng(200, 200);
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${before.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(png.length + 1000),
      },
    });
    req.on('error', () => {});
    // The server's handler has the request (and counts it in the drain's tally) once this fires.
    const received = new Promise((resolve) => t.app.server.once('request', resolve));
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    req.write(png.subarray(0, Math.floor(png.length / 2)));
    await received;
    req.destroy();
    // Every handler that began has settled (plugins/drain.ts): the abandoned upload is done with.
    await t.app.handlersSettled(20_000);

    expect((await reloadUser(t.app, before.user.id))?.avatar).toBe(before.avatar);
    expect(listUploads()).toEqual(before.files);
    const again = await upload(before.token, form(file(await solidPng(20, 20))));
    expect(again.statusCode).toBe(200);
  });
});

describe('a 12 MB body is refused with 413 before it is all read', () => {
  const TWELVE_MB = 12 * 1024 * 1024;

  /**
   * Sends the head of a multipart upload over real HTTP, then keeps writing
   * filler until the server answers; resolves with the answer and how many
   * body bytes had been written by then.
   */
  async function sendUntilAnswered(token: string, declareLength: boolean, stallAfter: number) {
    const url = new URL('/api/user/avatar', await listenUrl(t.app));
    const boundary = 'kinodost-big';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const png = await solidPng(10, 10);
    return new Promise<{ status: number; body: { error?: string }; written: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            ...(declareLength ? { 'content-length': String(TWELVE_MB) } : {}),
          },
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()), written });
          });
        },
      );
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      const chunk = Buffer.alloc(256 * 1024, 0x41);
      const pump = () => {
        // Stall (never finish) after `stallAfter` bytes: only an early answer ends the test.
        while (!answered && written < stallAfter) {
          const piece = written === 0 ? Buffer.concat([head, png]) : chunk;
          written += piece.length;
          if (!req.write(piece)) return void req.once('drain', pump);
        }
      };
      pump();
    });
  }

  it('with Content-Length: answered from the header alone, after a few KB of body', async () => {
    const before = await memberWithAvatar();
    // Stalls after 64 KB of the declared 12 MB: a server that waits for the body never answers.
    const res = await sendUntilAnswered(before.token, true, 64 * 1024);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(msg.avatar.tooLarge);
    expect((await reloadUser(t.app, before.user.id))?.avatar).toBe(before.avatar);
    expect(listUploads()).toEqual(before.files);
  });

  it('chunked, without a length: answered once the 5 MB limit is passed, not at the end', async () => {
    const before = await memberWithAvatar();
    // The body never ends (no closing boundary, no last chunk): only a server
    // that answers at the limit, rather than after reading everything, passes.
    const res = await sendUntilAnswered(before.token, false, TWELVE_MB);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(msg.avatar.tooLarge);
    expect(res.written).toBeGreaterThan(5 * 1024 * 1024);
    expect((await reloadUser(t.app, before.user.id))?.avatar).toBe(before.avatar);
    expect(listUploads()).toEqual(before.files);
  });
});

describe('uploads at once', () => {
  it('eight avatars sent together leave one file, the one the profile names; a delete leaves none', async () => {
    const { user, token } = await createUser(t.app);
    const before = listUploads().filter((f) => f.endsWith('.webp'));
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => upload(token, form(file(await solidPng(40 + i, 40 + i))))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const avatar = (await reloadUser(t.app, user.id))?.avatar as string;
    const added = listUploads().filter((f) => f.endsWith('.webp') && !before.includes(f));
    expect(added).toEqual([expect.stringContaining(avatar)]);
    expect((await t.injectAs(token, { method: 'DELETE', url: '/api/user/avatar' })).statusCode).toBe(200);
    expect(listUploads().filter((f) => f.endsWith('.webp') && !before.includes(f))).toEqual([]);
  });
});

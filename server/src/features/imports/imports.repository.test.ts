import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { films, importUndo } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createFilm } from '../../test/factories/film';
import { createUser } from '../../test/factories/user';
import type { ImportItem } from './import-files';
import * as repo from './imports.repository';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const item = (title: string, imdbId: string | null): ImportItem => ({
  title,
  year: 2012,
  imdbId,
  status: 'watched',
  rating: null,
  watchedOn: null,
});

describe('insertMemberFilms', () => {
  it('makes the films under the ids given, with their undo rows, and answers the ids made; an IMDb id taken is skipped', async () => {
    const member = await createUser(t.app);
    const db = t.app.database.db;
    const job = await repo.insertJob(db, member.user.id, 'imdb', 2, 0);
    // Another process made the film of this IMDb id after the batch's match.
    const taken = await createFilm(t.app, { title: 'Artıq var', year: 2012, imdbId: 'tt7700001' });
    const fresh = randomUUID();
    const skipped = randomUUID();

    const made = await repo.insertMemberFilms(db, job.id, member.user.id, [
      { id: fresh, item: item('Yeni üzv filmi', 'tt7700002') },
      { id: skipped, item: item('Artıq var', 'tt7700001') },
    ]);

    expect([...made]).toEqual([fresh]);
    expect(await db.select().from(films).where(eq(films.id, fresh))).toEqual([
      expect.objectContaining({
        title: 'Yeni üzv filmi',
        imdbId: 'tt7700002',
        source: 'member',
        createdBy: member.user.id,
      }),
    ]);
    expect(await db.select().from(films).where(eq(films.id, skipped))).toEqual([]);
    expect(await db.select().from(films).where(eq(films.imdbId, 'tt7700001'))).toEqual([
      expect.objectContaining({ id: taken.id }),
    ]);
    const undo = await db.select().from(importUndo).where(eq(importUndo.jobId, job.id));
    expect(undo.map((u) => [u.kind, u.targetId])).toEqual([['film', fresh]]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { msg } from '../../lib/messages';
import { usernameKey } from '../../lib/username';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createAdmin, createUser } from '../../test/factories/user';

// Look-alike usernames are one name (docs/reliability.md, "Look-alike usernames"): on every
// path that sets a username, a name that looks like a member's is taken (409), and a new name
// must be in one script without invisible characters (400).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const TAKEN = {
  success: false,
  error: 'Bu istifadəçi adı artıq istifadə olunur',
  code: 'CONFLICT',
  fields: { username: 'Bu istifadəçi adı artıq istifadə olunur' },
};
let serial = 0;
const register = (username: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, email: `member${++serial}@example.com`, password: 'kino-sevgisi-7' },
    remoteAddress: '10.0.0.7',
  });
const as = (token: string, url: string, payload: object) => t.injectAs(token, { method: 'PUT', url, payload });
const rowsNamed = async (username: string) =>
  t.app.database.db
    .select()
    .from(users)
    .where(eq(users.usernameSkeleton, usernameKey(username)));

const LOOK_ALIKES: [string, string][] = [
  ['аdmin', 'Cyrillic а'],
  ['ａｄｍｉｎ', 'fullwidth letters'],
  ['admın', 'dotless ı'],
  ['admin\u3164', 'a Hangul filler at the end'],
  ['ADMİN', 'dotted capital İ'],
];

describe('registration', () => {
  beforeAll(async () => {
    expect((await register('admin')).statusCode).toBe(201);
  });

  it.each(LOOK_ALIKES)('refuses %j (%s) once admin exists: 409 with the username-taken text', async (name) => {
    const res = await register(name);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(TAKEN);
    expect(await rowsNamed('admin')).toHaveLength(1);
  });

  it.each(['şəhla', 'Gülnar_94', 'İlkin', 'Ələkbər.Əliyev', 'Мария', 'ルーシー', '김민수'])(
    'registers %j, stored as typed',
    async (name) => {
      const res = await register(name);
      expect(res.statusCode).toBe(201);
      const [row] = await rowsNamed(name);
      expect(row?.username).toBe(name);
    },
  );

  it('takes dotted and dotless i, and case, as one letter in Azerbaijani names', async () => {
    for (const name of ['ilkin', 'ILKIN', 'ılkin', 'Şəhla', 'gülnar_94']) {
      expect((await register(name)).json()).toEqual(TAKEN);
    }
  });

  it('takes a capital I, drawn as l, as l: KamaI and kama1 are kamal', async () => {
    expect((await register('kamal')).statusCode).toBe(201);
    for (const name of ['KamaI', 'kama1', 'KAMAL']) expect((await register(name)).json(), name).toEqual(TAKEN);
  });

  it('stores a fullwidth name in its plain form', async () => {
    expect((await register('ｋｉｎｏｓｅｖｅｒ')).statusCode).toBe(201);
    expect((await rowsNamed('kinosever'))[0]?.username).toBe('kinosever');
  });

  it.each([
    ['zaur\u3164', msg.fields.usernameInvisible],
    ['\u3164\u3164\u3164', msg.fields.usernameInvisible],
    ['kinоman', msg.fields.usernameScript], // Cyrillic о among Latin letters
    ['Ruslanдруг', msg.fields.usernameScript],
  ])('refuses the new name %j with a 400 and the rule it breaks', async (name, text) => {
    const res = await register(name);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', fields: { username: text } });
    expect(await rowsNamed(name)).toHaveLength(0);
  });

  it('look-alike names registered at once make one account; the rest are 409, never 500', async () => {
    // Distinct in lower case, so only the look-alike key's unique index can stop the race.
    const answers = await Promise.all(['kamil', 'kamıl', 'karnil', 'kamİl'].map(register));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toEqual(TAKEN);
    expect(await rowsNamed('kamil')).toHaveLength(1);
  });
});

describe('renaming', () => {
  it('refuses a member renaming to a look-alike of another member', async () => {
    await createUser(t.app, { username: 'samir' });
    const { token } = await createUser(t.app);
    for (const name of ['sаmir', 'ｓａｍｉｒ', 'samır', 'samir\u3164', 'SAMİR']) {
      const res = await as(token, '/api/user/profile', { username: name });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(TAKEN);
    }
    expect(await rowsNamed('samir')).toHaveLength(1);
  });

  it('refuses an admin renaming a member to a look-alike of another', async () => {
    const { token } = await createAdmin(t.app);
    const { user: orxan } = await createUser(t.app, { username: 'orxan' });
    await createUser(t.app, { username: 'nigar' });
    for (const name of ['nіgar', 'ｎｉｇａｒ', 'nıgar', 'NİGAR', 'nigar\u3164']) {
      const res = await as(token, `/api/user/${orxan.id}`, { username: name });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(TAKEN);
    }
    const ok = await as(token, `/api/user/${orxan.id}`, { username: 'Orxan_Əliyev' });
    expect(ok.statusCode).toBe(200);
    expect((await rowsNamed('orxan_əliyev'))[0]?.id).toBe(orxan.id);
  });

  it('lets a member change the case of their own name, and keep a name from before the rules', async () => {
    const { token } = await createUser(t.app, { username: 'fidan' });
    expect((await as(token, '/api/user/profile', { username: 'Fidan' })).statusCode).toBe(200);
    expect((await as(token, '/api/user/profile', { username: 'FİDAN' })).statusCode).toBe(200);

    // Names an upgrade found beside an older look-alike (migration 0010): mixed-script, and
    // fullwidth (stored before names were NFKC-normalised).
    await createUser(t.app, { username: 'tural' });
    for (const legacyName of ['turаl', 'ｔｕｒａｌ']) {
      const { user, token: legacy, password } = await createUser(t.app);
      await t.app.database.db
        .update(users)
        .set({ username: legacyName, usernameSkeleton: `${usernameKey('tural')}#${user.id}` })
        .where(eq(users.id, user.id));
      const email = `${user.id}@example.com`;
      const same = await as(legacy, '/api/user/profile', { username: legacyName, email, currentPassword: password });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ username: legacyName, email });
    }
  });
});

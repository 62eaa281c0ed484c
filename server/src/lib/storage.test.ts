import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore, newUploadName } from './storage';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'kinodost-store-'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('createLocalFileStore', () => {
  it('creates its folder, stores, replaces and removes files', async () => {
    const dir = join(base, 'uploads', 'nested');
    const store = createLocalFileStore(dir);
    expect(existsSync(dir)).toBe(true);

    const name = newUploadName();
    expect(store.path(name)).toBe(join(dir, name));

    await store.put(name, Buffer.from('first'));
    expect(await readFile(store.path(name), 'utf8')).toBe('first');
    await store.put(name, Buffer.from('second'));
    expect(await readFile(store.path(name), 'utf8')).toBe('second');
    // No temp files are left behind.
    expect(await readdir(dir)).toEqual([name]);

    await store.remove(name);
    expect(existsSync(store.path(name))).toBe(false);
  });

  it('removing a missing file is fine', async () => {
    const store = createLocalFileStore(base);
    await expect(store.remove(newUploadName())).resolves.toBeUndefined();
  });

  it('opens a stored file with its size; a missing one is undefined', async () => {
    const store = createLocalFileStore(base);
    const name = newUploadName();
    await store.put(name, Buffer.from('bytes'));
    const file = await store.open(name);
    if (!file) throw new Error('not opened');
    expect(file.size).toBe(5);
    expect(await text(file.body)).toBe('bytes');
    await expect(store.open(newUploadName())).resolves.toBeUndefined();
  });

  it.each([
    '../escape.webp',
    '..%2Fescape.webp',
    'a/b.webp',
    'a\\b.webp',
    '/etc/passwd',
    '.hidden.webp',
    'x.webp.exe',
    'x.png',
    'x.webp\n',
    '',
    '.webp',
  ])('refuses the name %j', async (name) => {
    const store = createLocalFileStore(join(base, 'store'));
    await writeFile(join(base, 'escape.webp'), 'outside');
    expect(() => store.path(name)).toThrow(Error);
    await expect(store.put(name, Buffer.from('x'))).rejects.toThrow(Error);
    await expect(store.remove(name)).rejects.toThrow(Error);
    await expect(store.open(name)).rejects.toThrow(Error);
    // Nothing outside the store was touched.
    expect(await readFile(join(base, 'escape.webp'), 'utf8')).toBe('outside');
    expect(await readdir(join(base, 'store'))).toEqual([]);
  });
});

describe('newUploadName', () => {
  it('makes distinct safe .webp names', () => {
    const a = newUploadName();
    const b = newUploadName();
    expect(a).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(a).not.toBe(b);
  });
});

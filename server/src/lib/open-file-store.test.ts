import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openFileStore } from './open-file-store';

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'kinodost-store-'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

it('without S3 settings, keeps each kind in DATA_DIR/uploads/<kind>', async () => {
  for (const kind of ['avatars', 'posters'] as const) {
    const store = await openFileStore({ dataDir: base }, kind);
    expect(store.driver).toBe('local');
    expect(existsSync(join(base, 'uploads', kind))).toBe(true);
  }
});

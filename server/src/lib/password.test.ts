import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_NICE_INCREMENT, passwordThreadNiceness, verifyPassword } from './password';

describe('password hashing on the password threads', () => {
  it('hashes with argon2id at the OWASP baseline and verifies only the same password', async () => {
    const stored = await hashPassword('Kino-parol-2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Kino-parol-2026')).toBe(true);
    expect(await verifyPassword(stored, 'kino-parol-2026')).toBe(false);
  });

  it('answers false for a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
    expect(await verifyPassword('', 'whatever')).toBe(false);
  });

  it('salts every hash and serves many requests at once', async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, () => hashPassword('eyni-parol')));
    expect(new Set(hashes).size).toBe(6);
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(h, i % 2 ? 'eyni-parol' : 'başqa')));
    expect(checks).toEqual([false, true, false, true, false, true]);
  });

  it.runIf(process.platform === 'linux')('runs below the server’s CPU priority', async () => {
    expect(await passwordThreadNiceness()).toBe(Math.min(19, getPriority() + PASSWORD_NICE_INCREMENT));
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_NICE_INCREMENT, verifyPassword } from './password';

/** The nice value of each of this process's threads, from /proc (the 19th field of a task's stat). */
const threadNiceValues = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces: state is the 3rd.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19 - 3]);
  });

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

  it.runIf(process.platform === 'linux')('hashes on a thread below the server’s CPU priority', async () => {
    const below = Math.min(19, getPriority() + PASSWORD_NICE_INCREMENT);
    expect(below).toBeGreaterThan(getPriority());
    // The pool's threads live for a minute after their last task.
    await hashPassword('prioritet');
    expect(threadNiceValues()).toContain(below);
  });
});

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { serverRoot } from '../paths';
import { COMMON_PASSWORDS } from './common-passwords';
import { msg } from './messages';

/**
 * How much lower than the server's the password threads' CPU priority is (nice(2), set by
 * piscina through @napi-rs/nice). Argon2 takes a core for tens of milliseconds a login by design;
 * at the same priority a burst of logins (or someone guessing passwords) took half of a 2-core
 * machine from the pages members were reading. At +10 a hash yields to the event loop and
 * PostgreSQL when they want the core, and runs at full speed when they do not
 * (docs/benchmarks.md, "Logins at a lower priority").
 */
export const PASSWORD_NICE_INCREMENT = 10;

/**
 * Argon2 runs on its own threads, one fewer than the cores (at least one): a burst of logins
 * queues here instead of filling libuv's pool (files, DNS, compression) and memory (19 MiB a
 * hash). Threads start on the first use and end after a minute idle.
 */
const pool = new Piscina({
  filename: path.join(serverRoot, 'src/lib/password-worker.mjs'),
  minThreads: 0,
  maxThreads: Math.max(1, availableParallelism() - 1),
  idleTimeout: 60_000,
  niceIncrement: PASSWORD_NICE_INCREMENT,
});

/** The worker's tasks: what each takes and answers. */
interface Tasks {
  hash: [password: string, stored: string];
  verify: [{ stored: string; password: string }, boolean];
}

const run = <K extends keyof Tasks>(name: K, arg: Tasks[K][0]) => pool.run(arg, { name }) as Promise<Tasks[K][1]>;

/** Hashes a password with argon2id (PHC string, salt inside). */
export const hashPassword = (password: string): Promise<string> => run('hash', password);

/** Checks a password against a stored hash; false for a malformed hash rather than a throw. */
export const verifyPassword = (stored: string, password: string): Promise<boolean> =>
  run('verify', { stored, password });

/** A hash of a random password, verified against when the account is unknown so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
};

/** The password rules beyond length (docs/product.md#accounts): not the username, not a common password. Returns a text or null. */
export function passwordProblem(password: string, username: string): string | null {
  const lower = password.toLowerCase();
  if (lower === username.toLowerCase()) return msg.fields.passwordIsUsername;
  if (COMMON_PASSWORDS.has(lower)) return msg.fields.passwordCommon;
  return null;
}

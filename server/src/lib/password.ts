import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { COMMON_PASSWORDS } from './common-passwords';
import { msg } from './messages';

/** @node-rs/argon2's Algorithm.Argon2id; its const enum can't be imported under verbatimModuleSyntax. */
const ARGON2ID = 2;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// @node-rs/argon2 hashes on libuv's thread pool, off the event loop; the limit keeps a
// burst of logins from filling that pool (and memory) so file and DNS work still runs.
const limit = pLimit(Math.max(1, availableParallelism() - 1));

/** Hashes a password with argon2id (PHC string, salt inside). */
export const hashPassword = (password: string): Promise<string> => limit(() => hash(password, ARGON2_OPTIONS));

/** Checks a password against a stored hash; false for a malformed hash rather than a throw. */
export const verifyPassword = (stored: string, password: string): Promise<boolean> =>
  limit(() => verify(stored, password).catch(() => false));

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

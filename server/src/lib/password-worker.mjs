// @ts-check
/**
 * The password pool's threads (lib/password.ts): argon2id run synchronously, one call a task, on
 * a thread the pool started at a lower CPU priority. Plain JavaScript, loaded as it is both from
 * the sources and beside the bundle: Node 20 applies no module hooks (tsx) inside a worker.
 */
import { hashSync, verifySync } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (algorithm 2 is Argon2id). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** @param {string} password */
export const hash = (password) => hashSync(password, ARGON2_OPTIONS);

/**
 * False for a malformed hash rather than a throw.
 * @param {{ stored: string, password: string }} task
 */
export const verify = ({ stored, password }) => {
  try {
    return verifySync(stored, password);
  } catch {
    return false;
  }
};

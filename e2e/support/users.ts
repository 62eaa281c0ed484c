import { randomBytes } from 'node:crypto';

/** What a person types to register or sign in. */
export interface Credentials {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** A short tag of lowercase letters and digits, unique across tests and runs (for titles and texts). */
export function uniqueTag(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter.toString(36)}${randomBytes(2).toString('hex')}`;
}

/**
 * Fresh credentials for one test. Unique across tests and runs (time, counter and randomness), within
 * the server's rules: username 3-30 of letters/digits/_/. and a password that is not common.
 */
export function uniqueUser(prefix = 'u'): Credentials {
  const tag = uniqueTag();
  const username = `${prefix}_${tag}`.slice(0, 30);
  return {
    username,
    email: `${username}@e2e.kinodost.test`,
    password: `Kino-${randomBytes(4).toString('hex')}-Film!`,
  };
}

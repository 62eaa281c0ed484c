import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@kinodost/contracts/limits';
import { az } from '../../i18n/az';

/**
 * Client-side checks that mirror the server's (docs/product.md#accounts), so most mistakes show
 * before a round trip. The server stays the authority: its field errors are shown as well.
 */
const USERNAME_CHARS = /^[\p{L}\p{N}_.]+$/u;
// Deliberately loose: one @, something on each side, a dot in the domain. The server decides.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const v = az.auth.validation;

export const validateUsername = (value: string): string | undefined => {
  const username = value.trim();
  if (!username) return v.usernameRequired;
  const length = [...username].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return v.usernameLength;
  if (!USERNAME_CHARS.test(username)) return v.usernameChars;
  return undefined;
};

export const validateEmail = (value: string): string | undefined => {
  const email = value.trim();
  if (!email) return v.emailRequired;
  if (email.length > EMAIL_MAX || !EMAIL_SHAPE.test(email)) return v.emailInvalid;
  return undefined;
};

export const validateNewPassword = (value: string, username?: string): string | undefined => {
  if (!value) return v.passwordRequired;
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return v.passwordLength;
  if (username && value.toLocaleLowerCase('az') === username.trim().toLocaleLowerCase('az')) {
    return v.passwordSameAsUsername;
  }
  return undefined;
};

/** An empty repeat is asked for, as every other empty field is; a different one does not match. */
export const validateConfirmation = (password: string, confirmation: string): string | undefined =>
  confirmation === '' ? v.confirmationRequired : password === confirmation ? undefined : v.passwordsMismatch;

/** Only the fields that have an error. */
export const onlyErrors = <K extends string>(errors: Record<K, string | undefined>): Partial<Record<K, string>> =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Partial<Record<K, string>>;

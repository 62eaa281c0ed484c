/**
 * Browser storage under the product's keys (docs/product.md#theme-and-storage). Every access is guarded: storage can throw
 * (private windows, quota, disabled cookies) and the app must still run without it.
 */
export const storageKeys = { token: 'token', darkMode: 'darkMode' } as const;

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply does not survive a reload.
  }
};

export const getToken = (): string | null => read(storageKeys.token) || null;
export const setToken = (token: string): void => write(storageKeys.token, token);
export const removeToken = (): void => write(storageKeys.token, null);

/** Dark mode is stored as "true"/"false"; anything else (or nothing) means light. */
export const getDarkMode = (): boolean => read(storageKeys.darkMode) === 'true';
export const setDarkMode = (dark: boolean): void => write(storageKeys.darkMode, dark ? 'true' : 'false');

/** A message half written to a friend, kept per friend until it is sent (docs/messages.md). */
const draftKey = (friendId: string) => `messageDraft:${friendId}`;
export const getMessageDraft = (friendId: string): string => read(draftKey(friendId)) ?? '';
export const setMessageDraft = (friendId: string, text: string): void => write(draftKey(friendId), text || null);

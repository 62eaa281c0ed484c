// The part of fs-native-extensions (which ships no types) that the data folder lock uses.
declare module 'fs-native-extensions' {
  /** Takes an exclusive (or, with shared, a shared) lock on the whole file without waiting; false if held. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
}

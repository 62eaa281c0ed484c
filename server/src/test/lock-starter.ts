// A starter that only takes the data folder lock, so data-dir-lock.test.ts can race real
// processes many times over without starting whole servers. Driven over the IPC channel:
// { take: dir } answers whether the lock was won, { release: true } lets it go.
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';

export type StarterAnswer =
  | { ready: true; pid: number }
  | { won: true }
  | { won: false; refused: boolean; message: string }
  | { released: true };

const answer = (a: StarterAnswer) => process.send?.(a);
let release: (() => void) | undefined;

process.on('message', (m: { take?: string; release?: true }) => {
  if (m.take) {
    try {
      release = lockDataDir(m.take);
      answer({ won: true });
    } catch (err) {
      answer({ won: false, refused: err instanceof DataDirLockedError, message: (err as Error).message });
    }
  } else if (m.release) {
    release?.();
    release = undefined;
    answer({ released: true });
  }
});
answer({ ready: true, pid: process.pid });

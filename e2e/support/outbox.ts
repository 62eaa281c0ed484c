import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Undo quoted-printable soft line breaks, which can split the reset link in the middle of its token. */
const joinSoftBreaks = (text: string) => text.replace(/=\r?\n/g, '');

/**
 * The reset link last mailed to `email`, read from DATA_DIR/outbox/*.eml (the server writes mail there
 * when SMTP_URL is unset). Polls because the server may answer before the file is written.
 */
export async function readResetLink(dataDir: string, email: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const recipient = new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im');
  const link = /(https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .sort(); // names start with an ISO timestamp: the last one is the newest
    } catch {
      // The outbox folder appears with the first mail.
    }
    for (const name of files.reverse()) {
      const mail = joinSoftBreaks(readFileSync(path.join(outbox, name), 'utf8'));
      const found = recipient.test(mail) ? link.exec(mail) : null;
      if (found?.[1]) return found[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset link for ${email} in ${outbox} within ${timeoutMs} ms`);
}

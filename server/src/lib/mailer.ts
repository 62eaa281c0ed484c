import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** One outgoing mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; `send` rejects when the mail could not be handed over. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** The part of a pino-like logger the mailer needs. */
export interface MailerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Options for createMailer. */
export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it mail goes to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  /** The From address, e.g. `KinoDost <no-reply@example.com>`. */
  from: string;
  logger: MailerLogger;
}

/**
 * An SMTP mailer when `smtpUrl` is set, otherwise one that writes each mail as
 * `<ISO time with ':' as '-'>-<random>.eml` into `outboxDir`. The outbox mode
 * logs recipient and subject only; logging a reset link is the caller's call.
 */
export function createMailer(opts: MailerOptions): Mailer {
  return opts.smtpUrl ? smtpMailer(opts.smtpUrl, opts) : outboxMailer(opts);
}

/**
 * Makes the nodemailer transport on first use: most starts send no mail for a while, and
 * loading nodemailer (a large module graph) at start would only delay being ready.
 */
function lazyTransport<T extends { close(): void }>(make: (nodemailer: typeof import('nodemailer')) => T) {
  let transport: Promise<T> | undefined;
  return {
    get: () => {
      transport ??= import('nodemailer').then(make);
      return transport;
    },
    close: async () => {
      if (transport) (await transport).close();
    },
  };
}

function smtpMailer(smtpUrl: string, opts: MailerOptions): Mailer {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  // Pooled: reset mails come in bursts and a pool reuses the authenticated
  // connection instead of a TLS handshake and AUTH per mail.
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ url: smtpUrl, pool: true }));
  // Log where mail goes, never the URL itself: it may carry the password.
  opts.logger.info({ host: url.hostname, port: url.port || undefined }, 'mail is sent via SMTP');

  return {
    async send(mail) {
      await (await transport.get()).sendMail({ from: opts.from, ...mail });
    },
    close: transport.close,
  };
}

function outboxMailer(opts: MailerOptions): Mailer {
  const dir = resolve(opts.outboxDir);
  // The stream transport builds the same RFC 822 message SMTP would carry,
  // with CRLF line ends so the file opens in any mail client.
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'windows',
    }),
  );

  return {
    async send(mail) {
      // Made on each send (cheap) so a folder removed while running comes back.
      await mkdir(dir, { recursive: true });
      const info = await (await transport.get()).sendMail({ from: opts.from, ...mail });
      const message = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('stream transport did not return a buffer');
      // Colons are not allowed in Windows file names, hence the replacement.
      const stamp = new Date().toISOString().replace(/:/g, '-');
      const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written under a temporary name, then renamed: whoever watches the outbox never reads half a mail.
      await writeFile(`${file}.tmp`, message, { flag: 'wx' });
      await rename(`${file}.tmp`, file);
      opts.logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (no SMTP_URL set)');
    },
    close: transport.close,
  };
}

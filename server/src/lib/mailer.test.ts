import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetMail } from './mail-templates';
import { createMailer, type MailerLogger } from './mailer';

// --- a minimal MIME reader, enough to check what nodemailer put on the wire ---

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, '\n');
  const cut = normalized.indexOf('\n\n');
  const head = cut < 0 ? normalized : normalized.slice(0, cut);
  const body = cut < 0 ? '' : normalized.slice(cut + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Decodes RFC 2047 encoded-words (B and Q), joining adjacent ones. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, charset: string, enc: string, text: string) => {
      expect(charset.toLowerCase()).toBe('utf-8');
      if (enc.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return qpBytes(text.replace(/_/g, ' ')).toString('utf8');
    });
}

function qpBytes(text: string): Buffer {
  const bytes: number[] = [];
  const s = text.replace(/=\n/g, '');
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return qpBytes(part.body).toString('utf8');
  return part.body;
}

/** Parses a message into its decoded subject and its text/plain and text/html bodies. */
function readMessage(raw: string) {
  const top = splitHeaders(raw);
  const type = top.headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((chunk) => splitHeaders(chunk.replace(/^\n/, '')))
    : [top];
  const bodyOf = (mime: string) => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(mime));
    return part ? decodeBody(part) : undefined;
  };
  return {
    headers: top.headers,
    subject: decodeWords(top.headers.get('subject') ?? ''),
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
  };
}

// --- fixtures ---

const link = 'https://kino.example/reset-password/3q2-7wE_Zx9vKfLmN0pQrStUvWxYz01234567890abc';
const mail = { to: 'aysel@example.com', ...passwordResetMail({ username: 'Aysel_Şəhla', link, validMinutes: 60 }) };

function recordingLogger() {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const logger: MailerLogger = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
  };
  return { logger, lines };
}

// --- SMTP mode against a real SMTP server ---

interface Received {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

describe('createMailer with SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'kino' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('bad credentials'));
      },
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody@')) callback(new Error('no such mailbox'));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('delivers the reset mail: envelope, subject, text and HTML with the link', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://kino:s3cret@127.0.0.1:${port}`,
      outboxDir: join(tmpdir(), 'kinodost-unused-outbox'),
      from: 'KinoDost <no-reply@kino.example>',
      logger,
    });
    try {
      await mailer.send(mail);
    } finally {
      await mailer.close();
    }

    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.to).toEqual(['aysel@example.com']);
    expect(got.from).toBe('no-reply@kino.example');
    expect(got.user).toBe('kino');

    const message = readMessage(got.raw);
    // Non-ASCII subjects travel as RFC 2047 encoded-words.
    expect(message.headers.get('subject')).toMatch(/=\?utf-8\?[BQ]\?/i);
    expect(message.subject).toBe('KinoDost: şifrənin yenilənməsi');
    expect(message.headers.get('to')).toContain('aysel@example.com');
    expect(message.text).toContain(link);
    expect(message.text).toContain('Salam, Aysel_Şəhla!');
    expect(message.text).toContain('60 dəqiqə');
    expect(message.html).toContain(`href="${link}"`);
    expect(message.html).toContain('Aysel_Şəhla');

    // The SMTP password never reaches the log.
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });

  it('rejects when the server refuses the mail', async () => {
    const { logger } = recordingLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: join(tmpdir(), 'kinodost-unused-outbox'),
      from: 'no-reply@kino.example',
      logger,
    });
    try {
      await expect(mailer.send({ ...mail, to: 'nobody@example.com' })).rejects.toThrow();
    } finally {
      await mailer.close();
    }
    expect(received).toHaveLength(0);
  });
});

// --- outbox mode ---

describe('createMailer without SMTP', () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'kinodost-outbox-'));
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('writes an .eml file into a new outbox folder and logs recipient and subject', async () => {
    const outboxDir = join(base, 'data', 'outbox');
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ outboxDir, from: 'KinoDost <no-reply@kino.example>', logger });
    await mailer.send(mail);
    await mailer.send({ ...mail, to: 'second@example.com' });
    await mailer.close();

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]+\.eml$/);

    const raws = await Promise.all(files.map((f) => readFile(join(outboxDir, f), 'utf8')));
    const first = raws.find((r) => readMessage(r).headers.get('to')?.includes('aysel@example.com'));
    expect(first, 'an .eml addressed to aysel@example.com').toBeDefined();
    expect(first).toContain('\r\n'); // RFC 822 line ends
    const message = readMessage(first!);
    expect(message.subject).toBe('KinoDost: şifrənin yenilənməsi');
    expect(message.headers.get('from')).toContain('no-reply@kino.example');
    expect(message.text).toContain(link);
    expect(message.html).toContain(`href="${link}"`);

    const infos = lines.filter((l) => l.level === 'info');
    expect(infos).toHaveLength(2);
    expect(infos[0]!.obj).toMatchObject({ to: 'aysel@example.com', subject: 'KinoDost: şifrənin yenilənməsi' });
  });

  it('rejects when the outbox cannot be written', async () => {
    const { logger } = recordingLogger();
    // A folder below a file cannot be created.
    const blocker = join(base, 'file');
    await writeFile(blocker, 'x');
    const mailer = createMailer({ outboxDir: join(blocker, 'outbox'), from: 'no-reply@kino.example', logger });
    await expect(mailer.send(mail)).rejects.toThrow();
  });
});

describe('the MIME reader used above', () => {
  it('would notice a missing link', () => {
    const raw = [
      'Subject: =?UTF-8?Q?KinoDost:_=C5=9Fifr=C9=99nin?= =?UTF-8?B?IHllbmlsyZlubcmZc2k=?=',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Salam, =C5=9E=C9=99hla! ke=',
      '=C3=A7id yoxdur',
    ].join('\r\n');
    const message = readMessage(raw);
    expect(message.subject).toBe('KinoDost: şifrənin yenilənməsi');
    expect(message.text).toBe('Salam, Şəhla! keçid yoxdur');
    expect(message.text).not.toContain(link);
  });
});

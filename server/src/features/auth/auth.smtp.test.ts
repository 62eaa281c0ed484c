import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories/user';

// The whole forgot-password path through a real SMTP conversation, as with SMTP_URL in production.
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'KinoDost <no-reply@kinodost.test>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

it('forgot-password sends the reset link over SMTP and writes nothing to the outbox', async () => {
  await createUser(t.app, { username: 'mail_user', email: 'mail.user@example.com' });
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'mail.user@example.com' },
  });
  expect(res.statusCode).toBe(200);
  // The mail goes out after the answer; once that work is done the server has accepted it.
  await t.settled();
  const mail = received[0];
  expect(mail?.to).toEqual(['mail.user@example.com']);
  expect(mail?.raw).toMatch(/^From: KinoDost <no-reply@kinodost\.test>/m);
  expect(mail?.raw.replace(/=\r?\n/g, '')).toMatch(/http:\/\/kinodost\.test\/reset-password\/[A-Za-z0-9_-]{43}/);
  expect(await t.outbox()).toEqual([]);
});

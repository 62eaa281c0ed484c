import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { requestForLog, urlForLog } from './log-redaction';

it('keeps reset tokens out of logged URLs, and every other URL as it is', () => {
  expect(urlForLog('/reset-password/abc.DEF-123_x')).toBe('/reset-password/[redacted]');
  expect(urlForLog('/api/auth/reset-password/abc?x=1')).toBe('/api/auth/reset-password/[redacted]?x=1');
  expect(urlForLog('/api/auth/reset-password')).toBe('/api/auth/reset-password');
  expect(urlForLog('/api/movies/search/reset?page=2')).toBe('/api/movies/search/reset?page=2');
});

it('a Fastify logger with this serializer writes no token in its request lines', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestForLog } } });
  app.get('/api/auth/reset-password/:token', async () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/api/auth/reset-password/s3cret-token-value' });
  await app.close();
  const logged = lines.join('');
  expect(logged).toContain('/api/auth/reset-password/[redacted]');
  expect(logged).not.toContain('s3cret-token-value');
});

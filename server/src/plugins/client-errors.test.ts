import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { msg } from '../lib/messages';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { listenUrl } from '../test/socket-client';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  port = Number(new URL(await listenUrl(t.app)).port);
});
afterAll(() => t.close());

/** Sends raw bytes on a socket of its own and reads the answer until the server closes it. */
function raw(request: string): Promise<{ status: number; type: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', payload = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1]),
        type: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '',
        body: JSON.parse(payload),
      });
    });
  });
}

// Refused by Node's HTTP parser before Fastify's routes: still the API's error body, in Azerbaijani.
it.each([
  ['a malformed request line', 'GARBAGE\r\n\r\n', 400, msg.common.badRequest],
  [
    'raw non-ASCII in the URL',
    'GET /api/films/search?q=\xc9\x99 HTTP/1.1\r\nHost: x\r\n\r\n',
    400,
    msg.common.badRequest,
  ],
  [
    'headers past the limit',
    `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    431,
    msg.common.headersTooLarge,
  ],
])('%s gets the API error body', async (_name, request, status, text) => {
  const answer = await raw(request);
  expect(answer).toEqual({
    status,
    type: 'application/json; charset=utf-8',
    body: { success: false, error: text, code: 'BAD_REQUEST' },
  });
});

it('a body in an encoding the server cannot inflate is 415 with the media-type text', async () => {
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'content-encoding': 'zstd' },
    payload: '{}',
  });
  expect(res.statusCode).toBe(415);
  expect(res.json()).toEqual({
    success: false,
    error: msg.common.unsupportedMediaType,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  });
});

it.each([
  ['a path out of the folder', '/uploads/avatars/../../jwt-secret'],
  ['the folder itself', '/uploads/avatars/'],
  ['a file that is not there', '/uploads/avatars/nope.webp'],
])('%s under /uploads is 404 "Fayl tapılmadı"', async (_, url) => {
  const res = await raw(`GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ success: false, error: msg.common.fileNotFound, code: 'NOT_FOUND' });
});

it.each([
  ['a list that is only read', 'PATCH', '/api/newsletters', 'GET, HEAD'],
  ['a path with a parameter', 'PATCH', '/api/newsletters/admin/7f6d3c4e-0a4b-4c55-9d0e-2f1b8a6c9e10', 'DELETE, PUT'],
  ['a query string left aside', 'DELETE', '/api/health?x=1', 'GET, HEAD'],
])('a known API path asked with another method (%s) is 405 with Allow', async (_, method, url, allow) => {
  const res = await t.inject({ method: method as 'PATCH', url });
  expect(res.statusCode).toBe(405);
  expect(res.headers.allow).toBe(allow);
  expect(res.json()).toEqual({ success: false, error: msg.common.methodNotAllowed, code: 'METHOD_NOT_ALLOWED' });
});

it('an unknown API path stays 404 whatever the method', async () => {
  const res = await t.inject({ method: 'PATCH', url: '/api/nothing-here' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ success: false, error: msg.common.notFoundRoute, code: 'NOT_FOUND' });
});

it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', '"latin1"'])(
  'a JSON body declared in charset %s is 415, not read as UTF-8',
  async (charset) => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': `application/json; charset=${charset}` },
      payload: '{"username":"a","password":"b"}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: false,
      error: msg.common.unsupportedMediaType,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  },
);

it.each(['utf-8', 'UTF8', '"utf-8"'])('a JSON body in charset %s is read', async (charset) => {
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': `application/json; charset=${charset}` },
    payload: '{"username":"nobody_here","password":"wrong-password-1"}',
  });
  expect(res.statusCode).toBe(401);
});

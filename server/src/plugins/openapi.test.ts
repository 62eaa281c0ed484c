import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../lib/messages';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createAdmin } from '../test/factories/user';
import { operationIdOf } from './openapi';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
  tags: Array<{ name: string; description: string }>;
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, method, path, op })),
  );

describe('the API document (docs/api.md)', () => {
  it('gives every operation an operationId, a summary and a declared tag, so a route added later fails here', () => {
    const declared = new Set(doc.tags.map((tag) => tag.name));
    const missing = operations()
      .filter(({ op }) => !op.operationId || !op.summary || !op.tags?.length || !op.tags.every((x) => declared.has(x)))
      .map(({ route }) => route);
    expect(missing).toEqual([]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().length).toBeGreaterThanOrEqual(60);
  });

  it('derives operationIds from the method and path', () => {
    expect(operationIdOf('get', '/api/movies/search/{query}')).toBe('getMoviesSearchByQuery');
    expect(doc.paths['/api/user/profile/username/{username}']?.get?.operationId).toBe(
      'getUserProfileUsernameByUsername',
    );
    expect(doc.paths['/api/admin/comments/bulk']?.post?.tags).toEqual(['admin']);
  });

  it('names shared schemas once and refers to them, the error body included', () => {
    for (const name of [
      'ErrorBody',
      'Movie',
      'MovieList',
      'UserProfile',
      'PublicProfile',
      'Film',
      'Comment',
      'PersonRef',
    ]) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
    expect(doc.paths['/api/movies/{id}']?.get?.responses['404']).toEqual({
      description: 'Not Found',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
    const text = JSON.stringify(doc.paths);
    // The error body's shape appears nowhere inline.
    expect(text).not.toContain('"enum":[false]');
    expect((doc.components.schemas.Movie as { properties: { owner: unknown } }).properties.owner).toEqual({
      $ref: '#/components/schemas/PersonRef',
    });
  });

  it('lists each route once, without a trailing slash', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p.endsWith('/'))).toEqual([]);
    expect(paths).toContain('/api/movies');
    expect(paths).toContain('/api/admin/comments');
  });

  it('marks query parameters with a default, and other optional ones, as optional', () => {
    const required = operations().flatMap(({ route, op }) =>
      (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => `${route} ${p.name}`),
    );
    // Only the search words, which these routes cannot do without (no default; a missing one is a 400).
    expect(required.sort()).toEqual([
      'GET /api/films/search q',
      'GET /api/films/tmdb/search q',
      'GET /api/friends/people q',
    ]);
  });

  it('describes the multipart bodies of uploads', () => {
    expect(doc.paths['/api/user/avatar']?.post?.requestBody?.content).toEqual({
      'multipart/form-data': {
        schema: { type: 'object', required: ['avatar'], properties: { avatar: { type: 'string', format: 'binary' } } },
      },
    });
    expect(doc.paths['/api/films/{id}/poster']?.post?.requestBody?.content).toHaveProperty(
      ['multipart/form-data', 'schema', 'required'],
      ['poster'],
    );
  });

  it('documents the 500 and the 503 of a draining server once, for every operation', () => {
    expect(Object.keys(doc.components.responses).sort()).toEqual([
      'IdempotencyKeyReused',
      'InternalError',
      'PayloadTooLarge',
      'Unavailable',
      'UnsupportedMediaType',
    ]);
    const without = operations().filter(({ op }) => !op.responses['500'] || !op.responses['503']);
    expect(without.map(({ route }) => route)).toEqual([]);
    expect(doc.paths['/api/movies']?.get?.responses['503']).toEqual({ $ref: '#/components/responses/Unavailable' });
  });

  it('documents the 422 of a reused Idempotency-Key on every POST, and on nothing else', () => {
    const posts = operations().filter(({ method }) => method === 'post');
    expect(posts.filter(({ op }) => !op.responses['422']).map(({ route }) => route)).toEqual([]);
    expect(doc.paths['/api/movies']?.post?.responses['422']).toEqual({
      $ref: '#/components/responses/IdempotencyKeyReused',
    });
    expect(operations().filter(({ method, op }) => method !== 'post' && op.responses['422'])).toEqual([]);
  });

  it('documents the 413 and the 415 of every operation whose body Fastify reads, and they are what it answers', async () => {
    const reading = operations().filter(({ method }) => ['post', 'put', 'patch', 'delete'].includes(method));
    expect(reading.length).toBeGreaterThan(30);
    const without = reading.filter(({ op }) => !op.responses['413'] || !op.responses['415']);
    expect(without.map(({ route }) => route)).toEqual([]);
    expect(doc.paths['/api/movies']?.get?.responses['413']).toBeUndefined();

    // The body is refused before the route's own checks (rights, the id), so an admin and any id
    // reach it; an answer outside the document would fail t.inject's contract check.
    const { token } = await createAdmin(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    const overLimit = JSON.stringify({ title: 'ə'.repeat(600 * 1024) });
    for (const { route, method, path } of reading) {
      const url = path.replace(/\{[^}]+\}/g, id);
      const verb = method.toUpperCase() as 'POST';
      const large = await t.injectAs(token, {
        method: verb,
        url,
        headers: { 'content-type': 'application/json' },
        payload: overLimit,
      });
      expect([route, large.statusCode, large.json()]).toMatchObject([
        route,
        413,
        { error: msg.common.payloadTooLarge },
      ]);
      // Plain text too: no route takes it (Fastify would parse it and fail the schema with a 400).
      for (const [type, payload] of [
        ['application/xml', '<a/>'],
        ['text/plain', 'salam'],
      ]) {
        const odd = await t.injectAs(token, { method: verb, url, headers: { 'content-type': type }, payload });
        expect([route, type, odd.statusCode, odd.json()]).toMatchObject([
          route,
          type,
          415,
          { error: msg.common.unsupportedMediaType },
        ]);
      }
    }
  });

  it('says which operations are public', () => {
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    expect(doc.paths['/api/movies']?.get?.security).toEqual([{ bearer: [] }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { createContractCheck } from './contract-check';
import { createUser } from './factories/user';

let t: TestApp;
let document: Record<string, unknown>;
beforeAll(async () => {
  t = await buildTestApp();
  document = t.app.swagger() as Record<string, unknown>;
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json; charset=utf-8' };
const id = '7d1c9a56-2f0e-4a43-9d63-2f3b8e1c0a11';

describe('the contract check on test answers', () => {
  it('passes an answer that matches its operation', () => {
    const check = createContractCheck(document);
    const body = { success: false, error: 'Film tapılmadı', code: 'NOT_FOUND' };
    expect(
      check({ method: 'GET', url: `/api/movies/${id}`, statusCode: 404, headers: json, body: JSON.stringify(body) }),
    ).toEqual([]);
    // The 503 every operation shares.
    const draining = { success: false, error: 'Server bağlanır', code: 'UNAVAILABLE' };
    expect(
      check({
        method: 'GET',
        url: '/api/movies?page=2',
        statusCode: 503,
        headers: json,
        body: JSON.stringify(draining),
      }),
    ).toEqual([]);
  });

  it('reports a body that breaks the schema, and a status the operation does not list', () => {
    const check = createContractCheck(document);
    expect(
      check({ method: 'GET', url: `/api/movies/${id}`, statusCode: 404, headers: json, body: '{"success":false}' }),
    ).toEqual([
      "GET /api/movies/{id} answered 404: body must have required property 'error'",
      "GET /api/movies/{id} answered 404: body must have required property 'code'",
    ]);
    expect(check({ method: 'GET', url: `/api/movies/${id}`, statusCode: 418, headers: json, body: '{}' })).toEqual([
      'GET /api/movies/{id} answered 418, a status the document does not list for it',
    ]);
  });

  it("holds the app's real answers to the document: a document that disagrees fails them", async () => {
    const { token } = await createUser(t.app, { username: 'yoxlayan' });
    const res = await t.injectAs(token, { method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(200);
    const answer = { method: 'GET', url: '/api/user/profile', statusCode: 200, headers: res.headers, body: res.body };
    expect(createContractCheck(document)(answer)).toEqual([]);
    // The same answer against a document whose profile has one more required field.
    const changed = structuredClone(document) as { components: { schemas: Record<string, { required: string[] }> } };
    changed.components.schemas.UserProfile!.required.push('bio');
    expect(createContractCheck(changed as unknown as Record<string, unknown>)(answer)).toEqual([
      "GET /api/user/profile answered 200: body must have required property 'bio'",
    ]);
  });
});

import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { lazySchemas } from './lazy-schemas';

const Body = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };

describe('lazySchemas', () => {
  it('compiles a validator at its first call, once, and passes its errors on', () => {
    const schemas = lazySchemas();
    const ajv = new Ajv({ allErrors: true });
    let compiles = 0;
    const compile = ajv.compile.bind(ajv);
    ajv.compile = ((schema: object) => {
      compiles++;
      return compile(schema);
    }) as typeof ajv.compile;
    const validate = schemas.validatorCompiler(() => ajv)({ schema: Body, httpPart: 'body' });
    expect(compiles).toBe(0);
    expect(schemas.pending).toBe(1);

    expect(validate({ n: 'x' })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/n');
    expect(validate({ n: 1 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compiles).toBe(1);
    expect(schemas.pending).toBe(0);
  });

  it('compiles a serializer at its first call', () => {
    const schemas = lazySchemas();
    const serialize = schemas.buildSerializer({}, {})({ schema: Body, url: '/', method: 'GET', httpStatus: '200' });
    expect(schemas.pending).toBe(1);
    expect(serialize({ n: 1, secret: 'not in the schema' })).toBe('{"n":1}');
    expect(schemas.pending).toBe(0);
  });

  it('compileRest compiles what is pending and resolves with the errors of what does not compile', async () => {
    const schemas = lazySchemas();
    const ajv = new Ajv();
    const compiler = schemas.validatorCompiler(() => ajv);
    const good = compiler({ schema: Body });
    compiler({ schema: { type: 'no-such-type' } });
    const errors = await schemas.compileRest();
    expect(errors).toHaveLength(1);
    expect(schemas.pending).toBe(0);
    expect(good({ n: 2 })).toBe(true);
  });
});

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('compiles the schemas of every route without an error', async () => {
    // Nothing checks them at start any more, so this does.
    expect(await t.app.compileSchemas()).toEqual([]);
  });

  it('still validates and serializes with lazily compiled schemas', async () => {
    const bad = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { login: 5 } });
    expect(bad.statusCode).toBe(400);
    const ready = await t.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/*
 * The contract check (docs/api.md): every answer a route test receives through TestApp is held
 * to the API document the app serves, as a generated client would read it. Its status must be
 * one the operation lists, and a JSON body must match that response's schema. A violation fails
 * the request's test with what was wrong.
 */

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

type Json = Record<string, unknown>;
type Responses = Record<string, { $ref?: string; content?: Record<string, unknown> }>;
interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  literals: number;
  responses: Responses;
}

export interface Answer {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

export function createContractCheck(document: Json) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(document, 'openapi');
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    const pattern = new RegExp(
      `^${template
        .split('/')
        .map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    );
    const literals = template.split('/').filter((s) => s && !s.startsWith('{')).length;
    for (const [method, op] of Object.entries(item)) {
      routes.push({ method: method.toUpperCase(), template, pattern, literals, responses: op.responses as Responses });
    }
  }
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (pointer: string) => {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`openapi#${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      validators.set(pointer, validate);
    }
    return validate;
  };

  /** What is wrong with this answer by the document; empty when nothing (or no operation applies). */
  return function check(answer: Answer): string[] {
    const path = answer.url.split('?')[0]!;
    const method = answer.method.toUpperCase();
    // The router prefers literal segments to parameters; so does this.
    const route = routes
      .filter((r) => r.method === method && r.pattern.test(path))
      .sort((a, b) => b.literals - a.literals)[0];
    if (!route) return [];
    const where = `${method} ${route.template} answered ${answer.statusCode}`;
    let response = route.responses[String(answer.statusCode)];
    let pointer = `/paths/${escapePointer(route.template)}/${method.toLowerCase()}/responses/${answer.statusCode}`;
    if (!response) return [`${where}, a status the document does not list for it`];
    if (response.$ref) {
      pointer = response.$ref.slice(1);
      response = (document.components as Json).responses
        ? ((document.components as Json).responses as Responses)[response.$ref.split('/').pop()!]!
        : response;
    }
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('application/json') || answer.headers['content-encoding'] || !answer.body) return [];
    if (!response.content?.['application/json']) return [`${where} with JSON, which the document does not describe`];
    const validate = validatorOf(`${pointer}/content/application~1json/schema`);
    if (validate(JSON.parse(answer.body))) return [];
    return (validate.errors ?? []).map((e) => `${where}: body${e.instancePath} ${e.message}`);
  };
}

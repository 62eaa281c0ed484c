import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '@kinodost/contracts/errors';
import { ErrorCode } from '@kinodost/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { foreignKeyViolation, isDatabaseDown, pgErrorOf, uniqueViolation } from '../lib/db-errors';
import { AppError } from '../lib/errors';
import { msg } from '../lib/messages';

const body = (code: ErrorCode, error: string, fields?: Record<string, string>): ErrorBody =>
  fields ? { success: false, error, code, fields } : { success: false, error, code };

/** The Azerbaijani text for one schema violation of a field. */
function fieldText(field: string, e: FastifySchemaValidationError): string {
  const limit = (e.params as { limit?: number }).limit ?? 0;
  switch (e.keyword) {
    case 'required':
      return msg.fields.required;
    case 'additionalProperties':
      return msg.fields.unknown;
    case 'type':
      return msg.fields.type;
    case 'format':
      if ((e.params as { format?: string }).format === 'date-time') return msg.fields.date;
      return field === 'email' ? msg.fields.email : msg.fields.invalid;
    case 'enum':
      if (field === 'visibility') return msg.fields.visibility;
      return field === 'days' ? msg.fields.days : msg.fields.invalid;
    case 'minLength':
    case 'maxLength':
    case 'pattern':
      // An empty text where one character is enough is a missing value, whatever the field's rule
      // (signing in with no name is not told the registration's name rules).
      if (e.keyword === 'minLength' && limit === 1) return msg.fields.required;
      if (field === 'username') return msg.fields.username;
      if (field === 'password' || field === 'newPassword') return msg.fields.passwordLength;
      if (e.keyword === 'pattern') return msg.fields.invalid;
      return e.keyword === 'minLength' ? msg.fields.tooShort(limit) : msg.fields.tooLong(limit);
    default:
      return msg.fields.invalid;
  }
}

/**
 * Maps Ajv errors to `{field: text}`, the first problem of each field; undefined when none names a
 * field (the body as a whole is wrong: not an object, or an empty one where a change is asked
 * for), which the top-level text already says.
 */
export function validationFields(errors: FastifySchemaValidationError[]): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const e of errors) {
    // An if/then/else schema (POST /api/movies) adds "must match the then schema" beside the
    // field's own error: nothing to tell the sender.
    if (e.keyword === 'if') continue;
    const params = e.params as { missingProperty?: string; additionalProperty?: string };
    const path = e.instancePath.split('/').filter(Boolean);
    const field = params.missingProperty ?? params.additionalProperty ?? path[0];
    if (field === undefined) continue;
    fields[field] ??= fieldText(field, e);
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** Fastify's own client-error codes, mapped to the API's statuses and texts (docs/product.md#api-shape). */
const FRAMEWORK_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ErrorCode.BAD_REQUEST, msg.common.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, ErrorCode.BAD_REQUEST, msg.common.malformedJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ErrorCode.PAYLOAD_TOO_LARGE, msg.common.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, msg.common.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, ErrorCode.BAD_REQUEST, msg.common.validation],
  FST_REQ_FILE_TOO_LARGE: [413, ErrorCode.PAYLOAD_TOO_LARGE, msg.avatar.tooLarge],
  FST_FILES_LIMIT: [413, ErrorCode.PAYLOAD_TOO_LARGE, msg.common.payloadTooLarge],
  FST_PARTS_LIMIT: [413, ErrorCode.PAYLOAD_TOO_LARGE, msg.common.payloadTooLarge],
  FST_FIELDS_LIMIT: [413, ErrorCode.PAYLOAD_TOO_LARGE, msg.common.payloadTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, msg.common.unsupportedMediaType],
  FST_PROTO_VIOLATION: [400, ErrorCode.BAD_REQUEST, msg.common.validation],
  // @fastify/compress: a request body in an encoding it does not inflate (zstd), or that does not inflate.
  FST_CP_ERR_INVALID_CONTENT_ENCODING: [415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, msg.common.unsupportedMediaType],
  FST_CP_ERR_INVALID_CONTENT: [400, ErrorCode.BAD_REQUEST, msg.common.malformedJson],
};

/**
 * Node's HTTP parser refusing a request before Fastify sees it (a malformed request line, raw
 * non-ASCII in the URL, headers past Node's limit, a request that came too slowly): the API's
 * error body in Azerbaijani, where Fastify's own answers in English. Its statuses and its
 * handling of a reset or dead socket are Fastify's default's.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, msg.common.requestTimeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, msg.common.headersTooLarge]
        : [400, msg.common.badRequest];
  if (socket.writable) {
    const payload = JSON.stringify(body(ErrorCode.BAD_REQUEST, text));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(err);
}

/** SQLSTATEs of text the database refuses: invalid byte sequence (U+0000), untranslatable character. */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function send(reply: FastifyReply, status: number, payload: ErrorBody, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  return reply.status(status).type('application/json; charset=utf-8').send(payload);
}

/**
 * The one place that turns errors into the API's error body: typed errors, schema
 * failures, framework client errors, unique and foreign-key violations, an unreachable database.
 * 5xx bodies never carry internals; the details go to the log.
 */
export const errorHandlerPlugin = fp(async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return send(reply, err.statusCode, body(err.code, err.message, err.fields), err.headers);
    }
    if (err.validation) {
      return send(reply, 400, body(ErrorCode.VALIDATION, msg.common.validation, validationFields(err.validation)));
    }
    const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
    if (known) return send(reply, known[0], body(known[1], known[2]));
    if (uniqueViolation(err) !== undefined) {
      // A race past a service's own duplicate check: still a conflict, never a 500.
      return send(reply, 409, body(ErrorCode.CONFLICT, msg.common.conflict));
    }
    if (foreignKeyViolation(err) !== undefined) {
      // A race past a service's own existence check: what the write refers to is gone.
      request.log.info({ err }, 'referred row gone');
      return send(reply, 404, body(ErrorCode.NOT_FOUND, msg.common.gone));
    }
    if (UNSTORABLE_TEXT.has(pgErrorOf(err)?.code ?? '')) {
      // Text PostgreSQL cannot hold (a NUL character) reached a query: bad input, not a fault.
      request.log.info({ err }, 'unstorable text');
      return send(reply, 400, body(ErrorCode.VALIDATION, msg.common.validation));
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err }, 'database unreachable');
      return send(reply, 503, body(ErrorCode.UNAVAILABLE, msg.common.unavailable), { 'retry-after': '5' });
    }
    if ((err.statusCode === 403 || err.statusCode === 404) && request.url.startsWith('/uploads/')) {
      // @fastify/static refuses a folder or a path out of its root with 403: to the client there is
      // simply no such file (403 means a missing role to the API's clients, docs/product.md).
      return send(reply, 404, body(ErrorCode.NOT_FOUND, msg.common.fileNotFound));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      return send(reply, err.statusCode, body(ErrorCode.BAD_REQUEST, msg.common.validation));
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, body(ErrorCode.INTERNAL, msg.common.internal));
  });
});

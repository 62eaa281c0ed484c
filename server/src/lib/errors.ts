import { ErrorCode } from '@kinodost/contracts/errors';

/**
 * Typed errors. Services throw these; the error-handler plugin alone turns them
 * into the API's error body (docs/product.md#api-shape). `message` is the Azerbaijani text a person reads.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, ErrorCode.VALIDATION, message, fields);
  }
}
export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, ErrorCode.BAD_REQUEST, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, ErrorCode.UNAUTHORIZED, message);
  }
}
/** Only for "you lack the role": the web client ends the session on 403. */
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, ErrorCode.FORBIDDEN, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, ErrorCode.NOT_FOUND, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, ErrorCode.CONFLICT, message, fields);
  }
}
/** A request well formed but not to be done as sent (an Idempotency-Key already used for another). */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, ErrorCode.UNPROCESSABLE, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, ErrorCode.PAYLOAD_TOO_LARGE, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, message);
  }
}
export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, ErrorCode.RATE_LIMITED, message, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}
export class UnavailableError extends AppError {
  constructor(message: string) {
    super(503, ErrorCode.UNAVAILABLE, message);
  }
}

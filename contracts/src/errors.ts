import { type Static, Type } from 'typebox';
import { nameSchemas } from './schemas/named';

/** Machine-readable error codes carried in every error body. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  UNPROCESSABLE: 'UNPROCESSABLE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The body of every non-2xx answer (docs/product.md#api-shape). */
export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  /** Azerbaijani text for a person. */
  error: Type.String(),
  code: Type.String(),
  /** Per-field Azerbaijani texts, on validation errors. */
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorBody = Static<typeof ErrorBody>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({ ErrorBody });

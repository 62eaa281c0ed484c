import { type Static, Type } from 'typebox';
import { nameSchemas } from './named';

/** Username: 3-30 letters, digits, `_` and `.` (docs/product.md#accounts). */
export const Username = Type.String({ minLength: 3, maxLength: 30, pattern: '^[\\p{L}\\p{N}_.]+$' });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 128 });

export const LoginBody = Type.Object({
  /** A username or an email. */
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const TokenReply = Type.Object({ token: Type.String() });
export type TokenReply = Static<typeof TokenReply>;

export const RegisterBody = Type.Object({
  username: Username,
  password: Password,
  email: Email,
});
export type RegisterBody = Static<typeof RegisterBody>;

export const ForgotPasswordBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  newPassword: Password,
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** GET /api/auth/reset-password/{token}: whether a mailed reset link can still be used. */
export const ResetTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type ResetTokenParams = Static<typeof ResetTokenParams>;

/** The link is valid (an invalid one is 404 with the error body). */
export const ResetTokenReply = Type.Object({ success: Type.Literal(true), valid: Type.Literal(true) });
export type ResetTokenReply = Static<typeof ResetTokenReply>;

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 128 }),
  newPassword: Password,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

// Shared by name in the API document (docs/api.md "Named schemas").
nameSchemas({
  LoginBody,
  TokenReply,
  RegisterBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  ResetTokenReply,
  ChangePasswordBody,
});

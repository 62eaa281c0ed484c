import { type Static, Type } from 'typebox';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, RESET_TOKEN_MAX, USERNAME_MAX, USERNAME_MIN } from '../limits';
import { nameSchemas } from './named';

/** Username: 3-30 letters, digits, `_` and `.` (docs/product.md#accounts). */
export const Username = Type.String({
  minLength: USERNAME_MIN,
  maxLength: USERNAME_MAX,
  pattern: '^[\\p{L}\\p{N}_.]+$',
});
export const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX });
export const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });

export const LoginBody = Type.Object({
  /** A username or an email. */
  username: Type.String({ minLength: 1, maxLength: EMAIL_MAX }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
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

export const ForgotPasswordBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: EMAIL_MAX }) });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: RESET_TOKEN_MAX }),
  newPassword: Password,
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** GET /api/auth/reset-password/{token}: whether a mailed reset link can still be used. */
export const ResetTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: RESET_TOKEN_MAX }) });
export type ResetTokenParams = Static<typeof ResetTokenParams>;

/** The link is valid (an invalid one is 404 with the error body). */
export const ResetTokenReply = Type.Object({ success: Type.Literal(true), valid: Type.Literal(true) });
export type ResetTokenReply = Static<typeof ResetTokenReply>;

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
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

import type { AuthUser } from '../plugins/auth';

/** OpenAPI security for routes that take the Bearer token. */
export const bearer = [{ bearer: [] }];

/** The signed-in member of a route guarded by requireMember or requireAdmin (set by the guard). */
export const currentUser = (request: { user: AuthUser | null }): AuthUser => request.user as AuthUser;

/** The paged list envelope (docs/product.md#api-shape). */
export const paged = <T>(rows: T[], total: number, q: { page: number; limit: number }) => ({
  success: true as const,
  data: rows,
  page: q.page,
  limit: q.limit,
  total,
});

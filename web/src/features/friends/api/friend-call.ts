import { az } from '../../../i18n/az';
import { ApiError } from '../../../lib/api-client';
import { orFallback } from '../../../lib/or-fallback';
import { getToken } from '../../../lib/storage';
import type { ListPage, PageParams } from './friend-types';

/**
 * Helpers shared by the friend calls. Every friend call needs a member (docs/product.md#friends): without
 * a stored token nothing is sent, actions fail with the guard text and lists are empty.
 */

/** The guard of docs/product.md#friends, thrown before any request is made. */
export const requireSession = (): void => {
  if (!getToken()) throw new ApiError(az.errors.loginRequired, 401);
};

export const hasSession = (): boolean => getToken() !== null;

export const pageQuery = ({ page, limit }: PageParams): string =>
  new URLSearchParams({ page: String(page), limit: String(limit) }).toString();

export const emptyPage = <T>({ page, limit }: PageParams): ListPage<T> => ({
  success: false,
  data: [],
  page,
  limit,
  total: 0,
});

/** A caller that cancelled (a query unmounting) gets its abort back, never a made-up answer. */
export const rethrowIfAborted = (error: unknown, signal?: AbortSignal): void => {
  if (signal?.aborted) throw error;
};

/**
 * A list call whose failure is an empty page (lib/or-fallback.ts), as is a list asked for
 * without a session.
 */
export const listOrEmpty = async <T>(
  load: () => Promise<ListPage<T>>,
  params: PageParams,
  signal?: AbortSignal,
): Promise<ListPage<T>> => {
  if (!hasSession()) return emptyPage(params);
  return orFallback(
    async () => {
      const page = await load();
      return {
        success: true,
        data: Array.isArray(page.data) ? page.data : [],
        page: page.page ?? params.page,
        limit: page.limit ?? params.limit,
        total: typeof page.total === 'number' ? page.total : 0,
      };
    },
    () => emptyPage<T>(params),
    signal,
  );
};

/**
 * The body of every friend action. The client always sends a JSON content type
 * (docs/product.md#api-shape), and the server refuses an empty body under that type, so the
 * actions send an empty object.
 */
export const NO_BODY = {} as const;

/** A friend action failed: docs/product.md#error-texts names one text per action, whatever the cause. */
export const actionFailure = (error: unknown, text: string): ApiError =>
  new ApiError(text, error instanceof ApiError ? error.status : undefined);

import { QueryClient } from '@tanstack/react-query';
import { ApiError, isErrorBody } from '../../lib/api-client';

/** A 4xx will not change on retry; only failures without a known answer are tried once more. */
const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= 1) return false;
  if (isErrorBody(error)) return false;
  if (error instanceof ApiError && error.status !== undefined && error.status < 500) return false;
  return true;
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

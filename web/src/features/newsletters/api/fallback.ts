import type { FailedCount, FailedList } from './newsletter-types';

/** What a failed newsletter list or count resolves to (lib/or-fallback.ts). */
export const failedList = (): FailedList => ({ success: false, data: [] });
export const failedCount = (): FailedCount => ({ success: false, count: 0 });

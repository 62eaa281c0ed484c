import { EARLY_PROFILE_GLOBAL, type EarlyProfileRequest } from '@kinodost/contracts/boot-script';
import { getToken } from '../storage';

/**
 * The answer to index.html's early GET /api/user/profile (contracts/src/boot-script.ts), once: the
 * first profile query takes it instead of asking again. Nothing when there was none, when it was
 * taken already, or when it went out with another token than the one stored now (signed out or in
 * since): a later query asks afresh.
 */
export function takeEarlyProfileResponse(): Promise<Response> | undefined {
  const scope = globalThis as { [EARLY_PROFILE_GLOBAL]?: EarlyProfileRequest };
  const early = scope[EARLY_PROFILE_GLOBAL];
  delete scope[EARLY_PROFILE_GLOBAL];
  return early && early.token === getToken() ? early.response : undefined;
}

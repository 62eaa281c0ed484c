import type { UserProfile } from '@kinodost/contracts/schemas/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { setUnauthorizedHandler } from '../api-client';
import { refetchAfterChange } from '../live-query-update';
import { getToken, removeToken, setToken, storageKeys } from '../storage';
import { AuthContext, type AuthState } from './auth-context';
import { runSessionEndCleanups } from './auth-events';
import { currentProfileKey, currentProfileQuery } from './get-current-profile';

type Status = 'loading' | 'authenticated' | 'anonymous';

/**
 * The auth state machine of docs/product.md#auth-state-in-the-browser. It lives inside the router because its
 * transitions navigate. The profile is server state, so it sits in the query cache.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>(() => (getToken() ? 'loading' : 'anonymous'));
  // Guards still on screen when a session ends must redirect to the same place, or they
  // would replace /login?expired=true with a plain /login and lose the notice.
  const [loginPath, setLoginPath] = useState<string>(paths.login);

  const profileQuery = useQuery({ ...currentProfileQuery, enabled: status !== 'anonymous' });

  /** Forget the user: token, identity and every cached answer that was fetched as them. */
  const endSession = useCallback(() => {
    removeToken();
    queryClient.cancelQueries();
    queryClient.clear();
    runSessionEndCleanups();
    setStatus('anonymous');
  }, [queryClient]);

  // Start: the stored token is checked by loading the profile; failing that, the session ends.
  useEffect(() => {
    if (status !== 'loading') return;
    // A transition: the page behind the guard may still be loading its code, and React then keeps
    // the spinner up until it can show the page, instead of flashing its fallback and holding the
    // page back for its fallback throttle (300 ms).
    if (profileQuery.isSuccess) startTransition(() => setStatus('authenticated'));
    else if (profileQuery.isError) {
      endSession();
      navigate(paths.login, { replace: true });
    }
  }, [status, profileQuery.isSuccess, profileQuery.isError, endSession, navigate]);

  // A 401/403 anywhere (docs/product.md#roles): the client already removed the token.
  useEffect(
    () =>
      setUnauthorizedHandler((target) => {
        setLoginPath(target);
        endSession();
        navigate(target, { replace: true });
      }),
    [endSession, navigate],
  );

  // Another tab logged out: follow it rather than keep sending a revoked token.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.token && !event.newValue && status !== 'anonymous') {
        endSession();
        navigate(paths.login, { replace: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [status, endSession, navigate]);

  const login = useCallback(
    (token: string) => {
      setToken(token);
      // A profile left from an earlier user must not flash; the query refetches for the new token.
      queryClient.removeQueries({ queryKey: currentProfileKey });
      setStatus('authenticated');
      navigate(paths.dashboard);
    },
    [queryClient, navigate],
  );

  const logout = useCallback(() => {
    setLoginPath(paths.login);
    endSession();
    navigate(paths.login);
  }, [endSession, navigate]);

  const setProfile = useCallback(
    (profile: UserProfile) => queryClient.setQueryData(currentProfileKey, profile),
    [queryClient],
  );

  const setAvatar = useCallback(
    (url: string | null) =>
      queryClient.setQueryData<UserProfile>(currentProfileKey, (old) => (old ? { ...old, avatar_url: url } : old)),
    [queryClient],
  );

  const refreshProfile = useCallback(async () => {
    await refetchAfterChange(queryClient, currentProfileKey);
  }, [queryClient]);

  // The identity shows with the signed-in state, not a render before it: the profile's arrival and
  // the switch to 'authenticated' (the effect above) each made every consumer (header, guards, the
  // page) render again, and the same goes for the query's fetching flag, hence derived here.
  const profile = status === 'authenticated' ? (profileQuery.data ?? null) : null;
  const isProfileLoading = status === 'authenticated' && !profile && profileQuery.isFetching;
  const value = useMemo<AuthState>(
    () => ({
      isLoggedIn: status === 'authenticated',
      isLoadingAuth: status === 'loading',
      userId: profile?.id ?? null,
      username: profile?.username ?? null,
      avatar: profile?.avatar_url ?? null,
      isAdmin: profile?.isAdmin ?? false,
      profile,
      isProfileLoading,
      loginPath,
      login,
      logout,
      setAvatar,
      setProfile,
      refreshProfile,
    }),
    [status, profile, isProfileLoading, loginPath, login, logout, setAvatar, setProfile, refreshProfile],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

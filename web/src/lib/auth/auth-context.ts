import type { UserProfile } from '@kinodost/contracts/schemas/users';
import { createContext, useContext } from 'react';

/** The auth state screens see (docs/product.md#auth-state-in-the-browser). */
export interface AuthState {
  isLoggedIn: boolean;
  /** True at start while the stored token is checked. */
  isLoadingAuth: boolean;
  userId: string | null;
  username: string | null;
  avatar: string | null;
  isAdmin: boolean;
  /** The whole profile once loaded (email, created_at). */
  profile: UserProfile | null;
  /** Logged in but the profile has not arrived yet (right after login). */
  isProfileLoading: boolean;
  /** Where guards send a logged-out person: /login, or /login?expired=true after a 401/403 ended the session. */
  loginPath: string;
  /** Store the token, become logged in, load the profile, go to /dashboard. */
  login: (token: string) => void;
  /** Remove the token, clear identity (and everything cached for the user), go to /login. */
  logout: () => void;
  /** Local avatar update, so the header changes at once after an upload. */
  setAvatar: (url: string | null) => void;
  /** Local profile update with what the server answered to an edit. */
  setProfile: (profile: UserProfile) => void;
  refreshProfile: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export const useAuth = (): AuthState => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
};

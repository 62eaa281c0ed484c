import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from './auth-context';

/**
 * /login and /register have nothing to offer a member already signed in (a bookmark, the back
 * button after signing in): they go on to /dashboard. An effect rather than a render of
 * <Navigate>, so the prerendered page still hydrates as it was built.
 */
export function useLeaveWhenSignedIn() {
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (isLoggedIn) navigate(paths.dashboard, { replace: true });
  }, [isLoggedIn, navigate]);
}

import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AfterIdle } from '../../components/after-idle';
import { PageSpinner } from '../../components/page-spinner';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { isAdminPath } from '../../config/paths';
import { useAuth } from '../../lib/auth/auth-context';
import { lazyWhenOnline } from '../../lib/lazy-when-online';
import { useMediaQuery } from '../../lib/use-media-query';
import { Footer } from './footer';
import { MainHeader } from './main-header';

/** Keep in step with the bar's height in mobile-bottom-bar.tsx. */
const BOTTOM_BAR_HEIGHT = 64;
// Phones with a member only: its own chunk.
const MobileBottomBar = lazyWhenOnline(async () => ({
  default: (await import('./mobile-bottom-bar')).MobileBottomBar,
}));

/**
 * The footer and, on phones with a member, the bottom bar (fixed, over the space kept for it below
 * the footer). Its own component so that the phone-width check, which changes right after the
 * landing page is hydrated (main.tsx), re-renders only this and not the page still hydrating.
 */
function FooterAndBottomBar() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const { isLoggedIn, isLoadingAuth } = useAuth();
  const { pathname } = useLocation();
  const showBottomBar = small && isLoggedIn && !isLoadingAuth && !isAdminPath(pathname);
  return (
    <>
      <Box sx={{ pb: showBottomBar ? `${BOTTOM_BAR_HEIGHT}px` : 0 }}>
        <Footer />
      </Box>
      {/* The page first; the bar a moment later. */}
      <AfterIdle active={showBottomBar}>
        <Suspense fallback={null}>
          <MobileBottomBar />
        </Suspense>
      </AfterIdle>
    </>
  );
}

/**
 * Header, page, footer and (on phones, when logged in) the bottom bar. The page is the route's
 * outlet, or `children` for a page shown in place of a route's own (the admin refusal, guards.tsx).
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <MainHeader />
      {/* At least a screen high (less the header's 56/64 px): the footer starts below the fold, so
          pages and data arriving later never push it across the screen (Lighthouse's layout shift). */}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, outline: 'none', minHeight: { xs: 'calc(100vh - 56px)', sm: 'calc(100vh - 64px)' } }}
      >
        <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
      </Box>
      <FooterAndBottomBar />
    </Box>
  );
}

import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { AfterIdle } from '../../components/after-idle';
import { ThemeToggleButton } from '../../components/theme-toggle-button';
import { isAuthFormPath, paths } from '../../config/paths';
import { azShell } from '../../i18n/az-shell';
import { useAuth } from '../../lib/auth/auth-context';
import { lazyWhenOnline } from '../../lib/lazy-when-online';
import { AppLogo, logoColorOnSurface } from './app-logo';

// Menus, popovers and the drawer pull in MUI's Modal/Popover/Menu: loaded only when needed,
// which keeps the landing page's first download small.
const HeaderMemberArea = lazyWhenOnline(async () => ({
  default: (await import('./header-member-area')).HeaderMemberArea,
}));
const SidebarDrawer = lazyWhenOnline(async () => ({ default: (await import('./sidebar-drawer')).SidebarDrawer }));

/**
 * Kept for a member's icons and menus until they show, so nothing beside them moves: three 40 px
 * icons and the 44 px avatar, the messages icon only from `sm` (header-member-area.tsx).
 */
const memberAreaSpace = <Box sx={{ width: { xs: 124, sm: 188 } }} />;

/** The sticky main header (docs/product.md#main-header); not used under /admin. */
export function MainHeader() {
  const { isLoggedIn, isLoadingAuth } = useAuth();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted on first open and kept, so the closing animation still plays.
  const [drawerMounted, setDrawerMounted] = useState(false);
  // Login, registration and password reset get a quieter bar so the form is the focus.
  const light = isAuthFormPath(pathname);

  return (
    <>
      <AppBar
        position="sticky"
        color={light ? 'transparent' : 'primary'}
        elevation={light ? 0 : 2}
        data-variant={light ? 'light' : 'default'}
        sx={
          light
            ? {
                bgcolor: 'background.default',
                color: 'text.primary',
                borderBottom: 1,
                borderColor: 'divider',
                backdropFilter: 'blur(8px)',
              }
            : undefined
        }
      >
        <Toolbar sx={{ gap: { xs: 0, sm: 1 } }}>
          <IconButton
            edge="start"
            color="inherit"
            aria-label={azShell.header.openMenu}
            aria-expanded={drawerOpen ? 'true' : undefined}
            onClick={() => {
              setDrawerMounted(true);
              setDrawerOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ color: light ? logoColorOnSurface : 'inherit' }}>
            <AppLogo />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <ThemeToggleButton />
          {/* A member's icons and menus come a moment after the page's own content, in their kept space. */}
          {isLoggedIn && !isLoadingAuth && (
            <AfterIdle fallback={memberAreaSpace}>
              <Suspense fallback={memberAreaSpace}>
                <HeaderMemberArea />
              </Suspense>
            </AfterIdle>
          )}
          {!isLoggedIn && !isLoadingAuth && pathname === paths.home && (
            <Button
              component={RouterLink}
              to={paths.login}
              color="inherit"
              variant="outlined"
              sx={{ ml: 0.5, borderColor: 'currentColor' }}
            >
              {azShell.header.login}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      {drawerMounted && (
        <Suspense fallback={null}>
          <SidebarDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CampaignIcon from '@mui/icons-material/Campaign';
import CommentIcon from '@mui/icons-material/Comment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuIcon from '@mui/icons-material/Menu';
import MovieIcon from '@mui/icons-material/Movie';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { ThemeToggleButton } from '../../components/theme-toggle-button';
import { paths } from '../../config/paths';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { AppLogo, logoColorOnSurface } from './app-logo';

/** The admin drawer is 240 wide (docs/product.md#admin-layout). */
export const ADMIN_DRAWER_WIDTH = 240;

/** The admin header title for a path (docs/product.md#admin-layout). */
export const adminTitleFor = (pathname: string): string => {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === paths.admin) return az.admin.titles.overview;
  if (path === paths.adminUsers) return az.admin.titles.users;
  if (path === paths.adminComments) return az.admin.titles.comments;
  return az.admin.titles.fallback;
};

/** The side list of docs/product.md#admin-layout: the film catalogue's entry (docs/catalogue.md) after the comments. */
const nav = [
  { to: paths.admin, label: az.admin.nav.overview, icon: <DashboardIcon /> },
  { to: paths.adminUsers, label: az.admin.nav.users, icon: <ManageAccountsIcon /> },
  { to: paths.adminComments, label: az.admin.nav.comments, icon: <CommentIcon /> },
  { to: paths.adminFilms, label: az.admin.nav.films, icon: <MovieIcon /> },
  { to: paths.adminNewsletters, label: az.admin.nav.newsletters, icon: <CampaignIcon /> },
];

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={az.admin.navLabel}>
      <Toolbar sx={{ color: logoColorOnSurface }}>
        <AppLogo />
      </Toolbar>
      <Divider />
      {/* Links, not list items: a ul may hold only li. */}
      <List component="div">
        {nav.map(({ to, label, icon }) => {
          const current = pathname === to;
          return (
            <ListItemButton
              key={to}
              component={RouterLink}
              to={to}
              selected={current}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
            >
              <ListItemIcon>{icon}</ListItemIcon>
              <ListItemText primary={label} />
            </ListItemButton>
          );
        })}
      </List>
      <Divider />
      {/* Links, not list items: a ul may hold only li. */}
      <List component="div">
        <ListItemButton component={RouterLink} to={paths.home} onClick={onNavigate}>
          <ListItemIcon>
            <HomeIcon />
          </ListItemIcon>
          <ListItemText primary={az.admin.backToSite} />
        </ListItemButton>
      </List>
    </Box>
  );
}

/** The admin area's frame: header with title and greeting, side navigation, the page. */
export function AdminLayout() {
  const { username, logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        position="fixed"
        sx={{ width: { md: `calc(100% - ${ADMIN_DRAWER_WIDTH}px)` }, ml: { md: `${ADMIN_DRAWER_WIDTH}px` } }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={az.admin.openNav}
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          {/* A little smaller on a phone, where 'İstifadəçi İdarəetmə' lost its last letters at 390 px. */}
          <Typography
            variant="h6"
            component="h1"
            noWrap
            sx={{ flexGrow: 1, fontWeight: 700, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
          >
            {adminTitleFor(pathname)}
          </Typography>
          <Typography variant="body2" noWrap sx={{ display: { xs: 'none', sm: 'block' } }} data-testid="admin-greeting">
            {az.admin.greeting(username || az.admin.greetingFallbackName)}
          </Typography>
          <ThemeToggleButton />
          <IconButton
            color="inherit"
            aria-label={az.admin.accountMenu}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <AccountCircleIcon />
          </IconButton>
          <Menu
            anchorEl={anchor}
            open={Boolean(anchor)}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <MenuItem
              onClick={() => {
                setAnchor(null);
                navigate(paths.home);
              }}
            >
              <ListItemIcon>
                <HomeIcon fontSize="small" />
              </ListItemIcon>
              {az.admin.backToSite}
            </MenuItem>
            <MenuItem
              onClick={() => {
                setAnchor(null);
                logout();
              }}
            >
              <ListItemIcon>
                <LogoutIcon fontSize="small" />
              </ListItemIcon>
              {az.admin.logout}
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>

      <Box component="aside" sx={{ width: { md: ADMIN_DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {/* Narrow screens: a temporary drawer; md and up: always open. */}
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' } }}
          slotProps={{ paper: { sx: { width: ADMIN_DRAWER_WIDTH } } }}
        >
          <AdminNav onNavigate={() => setMobileOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' } }}
          slotProps={{ paper: { sx: { width: ADMIN_DRAWER_WIDTH, boxSizing: 'border-box' } } }}
        >
          <AdminNav />
        </Drawer>
      </Box>

      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          outline: 'none',
          p: { xs: 2, sm: 3 },
          width: { md: `calc(100% - ${ADMIN_DRAWER_WIDTH}px)` },
        }}
      >
        <Toolbar />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

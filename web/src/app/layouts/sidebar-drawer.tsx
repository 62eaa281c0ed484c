import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CommentIcon from '@mui/icons-material/Comment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GroupIcon from '@mui/icons-material/Group';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonIcon from '@mui/icons-material/Person';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { AppLogo, logoColorOnSurface } from './app-logo';

interface Entry {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The temporary navigation drawer opened from the header (docs/product.md#sidebar-drawer). */
export function SidebarDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { isLoggedIn, isAdmin } = useAuth();
  const { pathname } = useLocation();

  const main: Entry[] = [{ to: paths.home, label: az.sidebar.home, icon: <HomeIcon /> }];
  if (isLoggedIn) {
    main.push(
      { to: paths.dashboard, label: az.sidebar.dashboard, icon: <DashboardIcon /> },
      { to: paths.profile, label: az.sidebar.profile, icon: <PersonIcon /> },
      { to: paths.friends, label: az.sidebar.friends, icon: <GroupIcon /> },
    );
  } else {
    main.push(
      { to: paths.login, label: az.sidebar.login, icon: <LoginIcon /> },
      { to: paths.register, label: az.sidebar.register, icon: <PersonAddIcon /> },
    );
  }
  const admin: Entry[] = [
    { to: paths.admin, label: az.sidebar.adminPanel, icon: <AdminPanelSettingsIcon /> },
    { to: paths.adminUsers, label: az.sidebar.users, icon: <ManageAccountsIcon /> },
    { to: paths.adminComments, label: az.sidebar.comments, icon: <CommentIcon /> },
  ];

  const renderEntry = ({ to, label, icon }: Entry) => (
    <ListItemButton
      key={to}
      component={RouterLink}
      to={to}
      onClick={onClose}
      selected={pathname === to}
      aria-current={pathname === to ? 'page' : undefined}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );

  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 260 } } }}>
      <Box component="nav" aria-label={az.sidebar.label}>
        <Box sx={{ px: 2, py: 2, color: logoColorOnSurface }}>
          <AppLogo />
        </Box>
        <Divider />
        <List>{main.map(renderEntry)}</List>
        {isLoggedIn && isAdmin && (
          <>
            <Divider />
            <List subheader={<ListSubheader component="div">{az.sidebar.adminSection}</ListSubheader>}>
              {admin.map(renderEntry)}
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
}

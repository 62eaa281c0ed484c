import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { StatusAvatar } from '../../components/status-avatar';
import { paths } from '../../config/paths';
import { useSelfOnline } from '../../features/presence/hooks/use-self-online';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';

/** The header avatar and its account menu (docs/product.md#main-header). */
export function UserMenu() {
  const { username, avatar, isAdmin, logout } = useAuth();
  const online = useSelfOnline();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    navigate(to);
  };

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={az.header.accountMenu}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <StatusAvatar src={avatar} name={username} online={online} size={36} />
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {username}
          </Typography>
          <Typography variant="body2" sx={{ color: online ? 'success.main' : 'text.secondary' }}>
            {online ? az.header.online : az.header.offline}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={() => go(paths.profile)}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {az.header.myProfile}
        </MenuItem>
        <MenuItem onClick={() => go(paths.friends)}>
          <ListItemIcon>
            <PeopleIcon fontSize="small" />
          </ListItemIcon>
          {az.header.friendsList}
        </MenuItem>
        {isAdmin && (
          <MenuItem onClick={() => go(paths.admin)}>
            <ListItemIcon>
              <AdminPanelSettingsIcon fontSize="small" />
            </ListItemIcon>
            {az.header.adminPanel}
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {az.header.logout}
        </MenuItem>
      </Menu>
    </>
  );
}

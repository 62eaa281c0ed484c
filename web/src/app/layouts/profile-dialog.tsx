import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { StatusAvatar } from '../../components/status-avatar';
import { paths } from '../../config/paths';
import { useSelfOnline } from '../../features/presence/hooks/use-self-online';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';

/** docs/product.md#mobile-bottom-bar: the user id is shown as its first 8 characters. */
export const shortUserId = (userId: string | null | undefined): string =>
  userId ? userId.slice(0, 8) : az.common.notAvailable;

/** The bottom bar's 'Profil' dialog. */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { userId, username, avatar, isAdmin, logout } = useAuth();
  const online = useSelfOnline();
  const navigate = useNavigate();
  const go = (to: string) => {
    onClose();
    navigate(to);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="profile-dialog-title">
      <DialogTitle id="profile-dialog-title" sx={{ pr: 6 }}>
        {az.bottomBar.dialogTitle}
      </DialogTitle>
      <IconButton aria-label={az.common.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 2 }}>
          <StatusAvatar src={avatar} name={username} online={online} size={72} />
          <Typography variant="h6" component="p">
            {username}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="short-user-id">
            {az.bottomBar.yourId} {shortUserId(userId)}
          </Typography>
        </Box>
        <List disablePadding>
          <ListItemButton onClick={() => go(paths.profile)}>
            <ListItemIcon>
              <PersonIcon />
            </ListItemIcon>
            <ListItemText primary={az.bottomBar.myProfile} />
          </ListItemButton>
          {isAdmin && (
            <ListItemButton onClick={() => go(paths.admin)}>
              <ListItemIcon>
                <AdminPanelSettingsIcon />
              </ListItemIcon>
              <ListItemText primary={az.bottomBar.adminPanel} />
            </ListItemButton>
          )}
          <ListItemButton
            onClick={() => {
              onClose();
              logout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={az.bottomBar.logout} />
          </ListItemButton>
        </List>
      </DialogContent>
    </Dialog>
  );
}

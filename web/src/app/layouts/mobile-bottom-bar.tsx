import AddIcon from '@mui/icons-material/Add';
import ChatIcon from '@mui/icons-material/Chat';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GroupIcon from '@mui/icons-material/Group';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction, { type BottomNavigationActionProps } from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CountBadge } from '../../components/count-badge';
import { StatusAvatar } from '../../components/status-avatar';
import { paths } from '../../config/paths';
import { useIncomingRequests } from '../../features/friends/hooks/use-incoming-requests';
import { useUnreadMessages } from '../../features/messages/hooks/use-messages';
import { useRequestAddMovie } from '../../features/movies/hooks/add-movie-trigger';
import { useSelfOnline } from '../../features/presence/hooks/use-self-online';
import { az } from '../../i18n/az';
import { useAuth } from '../../lib/auth/auth-context';
import { ProfileDialog } from './profile-dialog';

export const BOTTOM_BAR_HEIGHT = 64;

// The actions that show live state (counts, the member's avatar and presence) each read it
// themselves: a new count then re-renders its own action, not the whole bar, as it did for every
// count arriving after a page's first load (docs/benchmarks.md, "A member page's re-renders").
// BottomNavigation gives each its value, selection and change handler through its props.

function FriendsAction(props: BottomNavigationActionProps) {
  const { count } = useIncomingRequests();
  return (
    <BottomNavigationAction
      {...props}
      label={az.bottomBar.friends}
      aria-label={az.bottomBar.friendsWithCount(count)}
      icon={
        <CountBadge count={count} color="error">
          <GroupIcon />
        </CountBadge>
      }
    />
  );
}

function MessagesAction(props: BottomNavigationActionProps) {
  const unread = useUnreadMessages();
  return (
    <BottomNavigationAction
      {...props}
      label={az.bottomBar.messages}
      aria-label={az.bottomBar.messagesWithCount(unread)}
      icon={
        <CountBadge count={unread} color="error">
          <ChatIcon />
        </CountBadge>
      }
    />
  );
}

function ProfileAction(props: BottomNavigationActionProps) {
  const { username, avatar } = useAuth();
  const online = useSelfOnline();
  return (
    <BottomNavigationAction
      {...props}
      label={az.bottomBar.profile}
      aria-label={az.bottomBar.profile}
      aria-haspopup="dialog"
      icon={<StatusAvatar src={avatar} name={username} online={online} size={26} />}
    />
  );
}

/**
 * The phone navigation (docs/product.md#mobile-bottom-bar). The layout decides when it
 * shows (small screen, logged in, not /admin); this component only draws it.
 */
export function MobileBottomBar() {
  const requestAddMovie = useRequestAddMovie();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [profileOpen, setProfileOpen] = useState(false);

  const value =
    pathname === paths.dashboard
      ? 'dashboard'
      : pathname === paths.friends
        ? 'friends'
        : pathname === paths.messages || pathname.startsWith(`${paths.messages}/`)
          ? 'messages'
          : false;

  return (
    <>
      <Paper
        component="nav"
        aria-label={az.bottomBar.label}
        elevation={8}
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          pb: 'env(safe-area-inset-bottom)',
        }}
      >
        <BottomNavigation
          value={value}
          // MUI's 80 px minimum per action made five actions 400 px: past a 360 px phone's edges.
          sx={{ height: BOTTOM_BAR_HEIGHT, '& .MuiBottomNavigationAction-root': { minWidth: 0, px: 0.5 } }}
        >
          <BottomNavigationAction
            value="dashboard"
            label={az.bottomBar.dashboard}
            icon={<DashboardIcon />}
            onClick={() => navigate(paths.dashboard)}
          />
          <FriendsAction value="friends" onClick={() => navigate(paths.friends)} />
          <BottomNavigationAction
            value="add"
            aria-label={az.bottomBar.addMovie}
            onClick={() => requestAddMovie()}
            icon={
              // A Fab's look without a second button inside the action: a nested focusable target
              // fails Lighthouse's aria-hidden-focus and target-size checks.
              <Box
                component="span"
                aria-hidden
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  width: 48,
                  height: 48,
                  borderRadius: '50%',
                  bgcolor: 'secondary.main',
                  color: 'secondary.contrastText',
                  boxShadow: 3,
                  mt: -2.5,
                }}
              >
                <AddIcon />
              </Box>
            }
          />
          <MessagesAction value="messages" onClick={() => navigate(paths.messages)} />
          <ProfileAction value="profile" onClick={() => setProfileOpen(true)} />
        </BottomNavigation>
      </Paper>
      <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}

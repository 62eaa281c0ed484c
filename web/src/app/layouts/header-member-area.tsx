import Box from '@mui/material/Box';
import { NotificationsMenu } from '../../features/friends/components/notifications-menu';
import { MessagesMenu } from '../../features/messages/components/messages-menu';
import { NewslettersMenu } from '../../features/newsletters/components/newsletters-menu';
import { UserMenu } from './user-menu';

/**
 * The logged-in part of the header; its own chunk, so visitors never download menus and popovers.
 * On a phone the bottom bar carries the messages with their count, and the header has no room for
 * a fourth icon at 360 px.
 */
export function HeaderMemberArea() {
  return (
    <>
      <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
        <MessagesMenu />
      </Box>
      <NewslettersMenu />
      <NotificationsMenu />
      <UserMenu />
    </>
  );
}

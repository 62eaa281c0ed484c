import { NotificationsMenu } from '../../features/friends/components/notifications-menu';
import { MessagesMenu } from '../../features/messages/components/messages-menu';
import { NewslettersMenu } from '../../features/newsletters/components/newsletters-menu';
import { UserMenu } from './user-menu';

/** The logged-in part of the header; its own chunk, so visitors never download menus and popovers. */
export function HeaderMemberArea() {
  return (
    <>
      <MessagesMenu />
      <NewslettersMenu />
      <NotificationsMenu />
      <UserMenu />
    </>
  );
}

import { FriendsTabs } from '../../features/friends/components/friends-tabs';
import { PeopleSearch } from '../../features/friends/components/people-search';
import { az } from '../../i18n/az';
import { PageContainer } from './page-container';

/** /friends: friends and requests in tabs, then the people search (issue 4). */
export function FriendsPage() {
  return (
    <PageContainer title={az.friends.title} intro={az.friends.intro} maxWidth="md">
      <FriendsTabs />
      <PeopleSearch />
    </PageContainer>
  );
}

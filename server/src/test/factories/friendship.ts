import type { App } from '../../app';
import type { Db } from '../../db/client';
import { friendships } from '../../db/schema/index';
import { peopleTag } from '../../features/friends';
import { dropCached } from './cache';

/** Makes two members friends straight in the database. */
export async function makeFriends(app: App, a: string, b: string) {
  await app.database.db
    .insert(friendships)
    .values({ requesterId: a, addresseeId: b, status: 'accepted', acceptedAt: new Date() });
  dropCached(app, peopleTag(a), peopleTag(b));
}

/** Makes `me` friends with each of `friends`, the requests alternating in direction, as members' would. */
export async function insertFriendshipsOf(db: Db, me: string, friends: string[]) {
  await db
    .insert(friendships)
    .values(
      friends.map((id, i) =>
        i % 2
          ? { requesterId: me, addresseeId: id, status: 'accepted' as const, acceptedAt: new Date() }
          : { requesterId: id, addresseeId: me, status: 'accepted' as const, acceptedAt: new Date() },
      ),
    );
}

import type { App } from '../../app';
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

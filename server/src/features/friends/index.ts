// What other features may use of friends: a person's reference, and the cache tag of a
// member's friends and blocks.
export { peopleTag } from './friends.cache';
export { findUserRef } from './friends.repository';

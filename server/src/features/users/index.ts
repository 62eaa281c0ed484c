// What other features may use of users: members' rows, the account rules registration shares,
// how a member is shown, and the cache tag of the admins' list.
export { usersTag } from './users.cache';
export { avatarUrl, toProfile } from './users.mappers';
export {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByUsername,
  insertUser,
  setUserPassword,
  updateUser,
} from './users.repository';
export { accountFailuresKey, assertAvailable, rethrowTaken, usernameOf } from './users.service';

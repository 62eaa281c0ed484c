// What other features may use of notifications: writing one in their own transaction.
export { insertNotification, markRequestRead } from './notifications.repository';

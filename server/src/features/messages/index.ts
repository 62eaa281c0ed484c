// What other features may use of messages: storing a message between friends and
// marking it read (the demo seed).

export { insertMessage, markRead } from './messages.repository';

// `npm run admin -- <username>`: grants the admin flag on an existing install.
// Uses the same settings as the server; with the embedded database, stop the server first.
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { findUserByUsername, updateUser } from '../features/users';

const username = process.argv[2];
if (!username) {
  console.error('usage: npm run admin -- <username>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config).catch((err: Error) => {
  console.error(`KinoDost: ${err.message}`);
  process.exit(1);
});
try {
  const user = await findUserByUsername(database.db, username);
  if (!user) {
    console.error(`No user named "${username}".`);
    process.exitCode = 1;
  } else {
    await updateUser(database.db, user.id, { isAdmin: true });
    console.log(`${user.username} is now an admin.`);
  }
} finally {
  await database.close();
}

// `npm run seed -- --demo`: loads the demo catalogue (re-runnable without duplicates).
// Uses the same settings as the server; with the embedded database, stop the server first.
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { seedDemo, signInNote } from '../seed/demo-seed';

if (!process.argv.includes('--demo')) {
  console.error('usage: npm run seed -- --demo');
  process.exit(2);
}
const database = await openDatabase(loadConfig()).catch((err: Error) => {
  console.error(`KinoDost: ${err.message}`);
  process.exit(1);
});
try {
  const started = Date.now();
  const { report, newMembers } = await seedDemo(database.db, (line) => console.log(`  ${line}`));
  console.log(`Demo catalogue loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(report)}`);
  console.log(signInNote(newMembers));
} finally {
  await database.close();
}

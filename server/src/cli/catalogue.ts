// `npm run catalogue -- import imdb <folder>`: loads IMDb's dataset files into the film catalogue
// (re-runnable; see docs/catalogue.md). `npm run catalogue -- load-bundled` loads the bundled
// catalogue into an empty one. Uses the server's settings; with the embedded database, stop the
// server first.
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { ImdbFileError, importImdb, loadBundledCatalogue } from '../features/films';

const usage = 'usage: npm run catalogue -- import imdb <folder>\n       npm run catalogue -- load-bundled';
const [command, kind, folder] = process.argv.slice(2);
const importing = command === 'import' && kind === 'imdb' && folder;
if (!importing && command !== 'load-bundled') {
  console.error(usage);
  process.exit(2);
}

const database = await openDatabase(loadConfig()).catch((err: Error) => {
  console.error(`KinoDost: ${err.message}`);
  process.exit(1);
});
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
try {
  if (importing) {
    const bar = new SingleBar({
      format: '{file} ({pass}/{passes}) [{bar}] {percentage}% | {films} films',
      hideCursor: true,
      // Without a terminal (CI, a log file) a line every few seconds rather than none.
      noTTYOutput: true,
      notTTYSchedule: 5000,
    });
    let current = '';
    const result = await importImdb(database.db, path.resolve(folder), {
      onProgress: (p) => {
        const payload = { file: p.file, pass: p.pass, passes: p.passes, films: p.films };
        if (current !== `${p.file}${p.pass}`) {
          if (current) bar.stop();
          current = `${p.file}${p.pass}`;
          bar.start(p.bytesTotal, p.bytesRead, payload);
        } else bar.update(p.bytesRead, payload);
      },
    }).finally(() => bar.stop());
    console.log(
      `IMDb imported in ${seconds()} s: ${result.films} films stored, ${result.skipped} other titles skipped` +
        (result.directors
          ? ', directors from title.crew and name.basics.'
          : ' (no title.crew and name.basics: no directors).'),
    );
  } else {
    const added = await loadBundledCatalogue(database.db);
    console.log(
      added
        ? `Bundled catalogue loaded in ${seconds()} s: ${added} films.`
        : 'The catalogue has films already: nothing loaded.',
    );
  }
} catch (err) {
  if (!(err instanceof ImdbFileError)) throw err;
  console.error(
    `\nKinoDost: ${err.message}. Batches before that line are stored; run the import again once the file is whole.`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}

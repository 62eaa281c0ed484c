// What others may use of films: the service (handed to features by features/index.ts), and the
// catalogue's loaders, which the `catalogue` command and the demo seed run.
export { loadBundledCatalogue, readVegaMovies, vegaTitleAndYear } from './catalogue/bundled';
export { ImdbFileError, importImdb } from './catalogue/imdb';
export type { FilmsService } from './films.service';

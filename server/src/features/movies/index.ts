// What other features may use of movies: the service, how a movie is shown, and its cache tag.
export { moviesTag } from './movies.cache';
export { toMovie } from './movies.mappers';
export type { MoviesService } from './movies.service';

// What other features may use of films: the service, handed to them by features/index.ts.
export type { FilmsService } from './films.service';

/**
 * What a client generated from the API document (openapi-typescript, `npm run lint:api`) must
 * be able to write: named types for the shared schemas, optional list parameters left out, and
 * typed answers. A change that inlines a schema again or makes `page` required fails here.
 */
import type { components, paths } from '../../dist/openapi';

type Schemas = components['schemas'];
type Movie = Schemas['Movie'];
type ErrorBody = Schemas['ErrorBody'];
type Profile = Schemas['UserProfile'];

type MovieListQuery = NonNullable<paths['/api/movies']['get']['parameters']['query']>;
type MovieListAnswer = paths['/api/movies']['get']['responses'][200]['content']['application/json'];

/** A list call without `page` or `limit` (the people search's `q` is required: an empty search is 400). */
export const firstPage: MovieListQuery = {};
export const titles = (answer: MovieListAnswer): string[] => answer.data.map((movie: Movie) => movie.title);
export const failure = (body: ErrorBody): string => body.error;
export const greeting = (profile: Profile): string => profile.username;

/**
 * What comments are on: a member's entry (`/api/movies/{id}/comments`) or a catalogue film
 * (`/api/films/{id}/comments`, the same shapes and moderation). An entry's comments are its film's.
 */
export interface CommentTarget {
  kind: 'movie' | 'film';
  id: string;
}

/** The target's comments path under /api. */
export const commentsPath = ({ kind, id }: CommentTarget): string =>
  `/${kind === 'film' ? 'films' : 'movies'}/${encodeURIComponent(id)}/comments`;

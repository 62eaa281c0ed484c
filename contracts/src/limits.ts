/**
 * What a request may carry, in one place: the server's schemas and services and the web's forms
 * read these numbers, so a field the web lets through is one the server takes. Plain numbers
 * with no imports, so a web chunk that checks a form does not pull in the schema library.
 *
 * Text lengths count characters (code points), as the server's JSON Schema validation does.
 */

// Accounts.
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** A password-reset token as the emailed link carries it. */
export const RESET_TOKEN_MAX = 200;

// A film's facts, and a member's entry of it (docs/catalogue.md).
export const TITLE_MAX = 200;
export const DIRECTOR_MAX = 200;
/** How many directors a film names. */
export const DIRECTORS_MAX = 20;
export const OVERVIEW_MAX = 2000;
export const POSTER_URL_MAX = 1000;
/** How many genres a film or an entry has, and the longest name of one. */
export const GENRES_MAX = 5;
export const GENRE_MAX = 40;
export const YEAR_MIN = 1870;
export const YEAR_MAX = 2100;
/** Minutes. */
export const RUNTIME_MAX = 2000;
/** A member's own rating. */
export const RATING_MIN = 1;
export const RATING_MAX = 10;

// Texts members and admins write.
export const COMMENT_MAX = 1000;
export const MESSAGE_MAX = 2000;
export const NEWSLETTER_TITLE_MAX = 200;
export const NEWSLETTER_CONTENT_MAX = 20000;

// Searches.
/** Movie search, film search (and TMDB's), and the admin lists of users and films. */
export const SEARCH_QUERY_MAX = 100;
/** People search matches a fragment of a username, so it is never longer than one. */
export const PEOPLE_QUERY_MAX = USERNAME_MAX;

// Paging.
export const PAGE_MAX = 100_000;
/** The largest `limit` of a paged list. */
export const PAGE_SIZE_MAX = 100;

// Files.
/** An avatar or a poster, as uploaded (docs/catalogue.md "Posters"). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** An import file (a CSV or a Letterboxd zip). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

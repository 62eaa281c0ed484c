import { toCatalogueGenres } from '@kinodost/contracts/genres';
import type { FilmValues } from '../films.repository';

/**
 * A small client of TMDB's API v3 (https://developer.themoviedb.org/reference): movie search,
 * movie details with credits, and the configuration that names the image base. It runs only
 * when a member asks (never at start), and only when TMDB_API_KEY is set. See docs/catalogue.md.
 */

/** A TMDB search result, as the add-film dialog shows it. */
export interface TmdbCandidate {
  tmdbId: number;
  title: string;
  originalTitle: string | null;
  year: number | null;
  overview: string | null;
  posterUrl: string | null;
}

/** TMDB did not answer, or answered with an error: the caller says so to the member. */
export class TmdbUnavailableError extends Error {
  constructor(reason: string) {
    super(`TMDB: ${reason}`);
    this.name = 'TmdbUnavailableError';
  }
}

/** TMDB has no movie of that id. */
export class TmdbNotFoundError extends Error {}

export interface TmdbClient {
  search(query: string): Promise<TmdbCandidate[]>;
  /** The film's facts, ready to store (source 'tmdb'). */
  details(tmdbId: number): Promise<FilmValues & { tmdbId: number }>;
}

/** The parts of TMDB's answers that are read here. */
interface SearchAnswer {
  results: {
    id: number;
    title: string;
    original_title?: string;
    release_date?: string;
    overview?: string;
    poster_path?: string | null;
  }[];
}
interface DetailsAnswer {
  id: number;
  imdb_id?: string | null;
  title: string;
  original_title?: string;
  release_date?: string;
  runtime?: number | null;
  overview?: string;
  poster_path?: string | null;
  genres?: { id: number; name: string }[];
  credits?: { crew?: { job?: string; name?: string }[] };
}
interface ConfigurationAnswer {
  images?: { secure_base_url?: string; poster_sizes?: string[] };
}

/** Long enough for a slow answer, short enough that a member is not left waiting. */
const TIMEOUT_MS = 8000;
/** The poster width asked for, when TMDB offers it (the web shows posters at most this wide). */
const POSTER_SIZE = 'w500';

const yearOf = (date?: string) => {
  const y = Number(date?.slice(0, 4));
  return y >= 1870 && y <= 2100 ? y : null;
};
const text = (s: string | undefined | null, max: number) => s?.trim().slice(0, max) || null;

export function createTmdbClient(opts: { apiKey: string; baseUrl: string }): TmdbClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  // A v3 API key is 32 hex digits and travels as a parameter; a v4 read access token is a bearer token.
  const v3Key = /^[0-9a-f]{32}$/i.test(opts.apiKey);

  const get = async <T>(pathname: string, params: Record<string, string> = {}): Promise<T> => {
    const url = new URL(`${base}${pathname}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (v3Key) url.searchParams.set('api_key', opts.apiKey);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json', ...(v3Key ? {} : { authorization: `Bearer ${opts.apiKey}` }) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new TmdbUnavailableError((err as Error).message);
    }
    if (res.status === 404) throw new TmdbNotFoundError(pathname);
    if (!res.ok) throw new TmdbUnavailableError(`HTTP ${res.status}`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new TmdbUnavailableError('the answer is not JSON');
    }
  };

  // The image base rarely changes: read once per process, when the first poster is needed.
  let posterBase: Promise<string> | undefined;
  const posterUrl = async (path?: string | null) => {
    if (!path) return null;
    posterBase ??= get<ConfigurationAnswer>('/configuration').then(({ images }) => {
      const secure = images?.secure_base_url;
      if (!secure?.startsWith('https://')) throw new TmdbUnavailableError('no https image base');
      const size = images?.poster_sizes?.includes(POSTER_SIZE) ? POSTER_SIZE : 'original';
      return `${secure.replace(/\/+$/, '')}/${size}`;
    });
    posterBase.catch(() => {
      posterBase = undefined; // asked again next time
    });
    return `${await posterBase}${path}`;
  };

  return {
    async search(query) {
      const answer = await get<SearchAnswer>('/search/movie', { query, include_adult: 'false', language: 'en-US' });
      return Promise.all(
        (answer.results ?? []).slice(0, 20).map(async (r) => ({
          tmdbId: r.id,
          title: r.title,
          originalTitle: r.original_title && r.original_title !== r.title ? r.original_title : null,
          year: yearOf(r.release_date),
          overview: text(r.overview, 2000),
          posterUrl: await posterUrl(r.poster_path),
        })),
      );
    },

    async details(tmdbId) {
      const d = await get<DetailsAnswer>(`/movie/${tmdbId}`, { append_to_response: 'credits', language: 'en-US' });
      const title = text(d.title, 200);
      if (!title) throw new TmdbUnavailableError(`movie ${tmdbId} has no title`);
      const original = text(d.original_title, 200);
      const directors = [
        ...new Set((d.credits?.crew ?? []).filter((c) => c.job === 'Director' && c.name).map((c) => c.name as string)),
      ].slice(0, 10);
      return {
        tmdbId: d.id,
        imdbId: d.imdb_id || null,
        title,
        originalTitle: original && original !== title ? original : null,
        year: yearOf(d.release_date),
        runtime: d.runtime && d.runtime > 0 && d.runtime <= 6000 ? d.runtime : null,
        overview: text(d.overview, 2000),
        posterUrl: await posterUrl(d.poster_path),
        genres: toCatalogueGenres((d.genres ?? []).map((g) => g.name)),
        directors,
        source: 'tmdb',
      };
    },
  };
}

import { and, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageWithTotal } from '../../db/paging';
import { preparedOnce } from '../../db/prepared';
import { friendships, type MovieRow, movies, users, type Visibility } from '../../db/schema/index';
import { matchesTyped, queryCloseness, textQuery, textQueryColumns, typedQueryCtes } from '../../db/text-query';
import { visibleToViewer } from '../privacy';

/** All SQL about movies. */

/** A movie as the API needs it: without the search columns, which only the database reads. */
export type MovieData = Omit<MovieRow, 'searchText' | 'searchVector'>;
/** What a movie shows of its owner. */
export type MovieOwner = { id: string; username: string; avatar: string | null; visibility: Visibility };
export type MovieWithOwner = MovieData & { owner: MovieOwner };

const { searchText: _searchText, searchVector: _searchVector, ...movieColumns } = getTableColumns(movies);
const withOwner = {
  movie: movieColumns,
  owner: { id: users.id, username: users.username, avatar: users.avatar, visibility: users.visibility },
};
const flatten = (r: { movie: MovieData; owner: MovieOwner }): MovieWithOwner => ({
  ...r.movie,
  owner: r.owner,
});

/** What a member sets on their entry; the film's facts are copied from the film by the database. */
export type EntryValues = Pick<typeof movies.$inferInsert, 'rating' | 'status' | 'watchedAt'>;

export const insertMovie = async (
  db: Db,
  ownerId: string,
  filmId: string,
  values: EntryValues,
): Promise<{ id: string }> =>
  (
    await db
      .insert(movies)
      .values({ ...values, ownerId, filmId })
      .returning({ id: movies.id })
  )[0] as { id: string };

export const findMovie = async (db: Db, id: string): Promise<MovieWithOwner | undefined> => {
  const [row] = await db
    .select(withOwner)
    .from(movies)
    .innerJoin(users, eq(users.id, movies.ownerId))
    .where(eq(movies.id, id));
  return row && flatten(row);
};

export const updateMovie = async (
  db: Db,
  id: string,
  values: Partial<EntryValues>,
): Promise<{ id: string } | undefined> =>
  (
    await db
      .update(movies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(movies.id, id))
      .returning({ id: movies.id })
  )[0];

/**
 * Which of `filmIds` the member has an entry for (movies_owner_film_key: one index probe each).
 * Named: it follows every signed-in film search, where planning it each time cost as much as
 * running it.
 */
export const filmsHeldBy = async (db: Db, ownerId: string, filmIds: string[]): Promise<Set<string>> => {
  if (filmIds.length === 0) return new Set();
  const statement = preparedOnce(db, 'films_held_by', (name) =>
    db
      .select({ filmId: movies.filmId })
      .from(movies)
      .where(
        and(
          eq(movies.ownerId, sql.placeholder('owner')),
          sql`${movies.filmId} = any(${sql.placeholder('films')}::uuid[])`,
        ),
      )
      .prepare(name),
  );
  const rows = await statement.execute({ owner: ownerId, films: `{${filmIds.join(',')}}` });
  return new Set(rows.map((r) => r.filmId));
};

/** A member's entry for a film, if they hold one. */
export const findEntryOf = async (db: Db, ownerId: string, filmId: string): Promise<MovieWithOwner | undefined> => {
  const statement = preparedOnce(db, 'entry_of_film', (name) =>
    db
      .select(withOwner)
      .from(movies)
      .innerJoin(users, eq(users.id, movies.ownerId))
      .where(and(eq(movies.ownerId, sql.placeholder('owner')), eq(movies.filmId, sql.placeholder('film'))))
      .prepare(name),
  );
  const [row] = await statement.execute({ owner: ownerId, film: filmId });
  return row && flatten(row);
};

/** How many entries a film has by status, and its members' ratings' mean (to 1 decimal) and count. */
export const filmStats = async (db: Db, filmId: string) => {
  const statement = preparedOnce(db, 'film_stats', (name) =>
    db
      .select({
        watched: sql<number>`count(*) filter (where ${movies.status} = 'watched')::int`,
        watchlist: sql<number>`count(*) filter (where ${movies.status} = 'watchlist')::int`,
        ratingAvg: sql<string | null>`round(avg(${movies.rating}), 1)`,
        ratingCount: sql<number>`count(${movies.rating})::int`,
      })
      .from(movies)
      .where(eq(movies.filmId, sql.placeholder('film')))
      .prepare(name),
  );
  const [row] = await statement.execute({ film: filmId });
  return {
    watched: Number(row?.watched ?? 0),
    watchlist: Number(row?.watchlist ?? 0),
    ratingAvg: row?.ratingAvg == null ? null : Number(row.ratingAvg),
    ratingCount: Number(row?.ratingCount ?? 0),
  };
};

/** At most this many friends' entries are shown on a film's page, the most recently changed. */
export const FRIENDS_ON_FILM = 100;

/** A friend's entry as a film's page shows it: how they took the film, and who they are. */
export type FriendEntry = Pick<MovieData, 'status' | 'rating' | 'watchedAt'> & {
  owner: Pick<MovieOwner, 'id' | 'username' | 'avatar'>;
};

/**
 * The entries of a film held by the viewer's friends: from the viewer's friendships (both sides
 * are indexed) to each friend's entry by movies_owner_film_key, so a film with many entries costs
 * no more than one with few. Only the columns the page shows: up to a hundred entries' titles and
 * overviews would otherwise be read, sent and mapped to be thrown away.
 */
export const friendsEntriesOf = async (db: Db, viewerId: string, filmId: string): Promise<FriendEntry[]> => {
  const statement = preparedOnce(db, 'friends_entries_of_film', (name) => {
    const viewer = sql.placeholder('viewer');
    const friendIds = sql`(
      select ${friendships.addresseeId} from ${friendships}
        where ${friendships.requesterId} = ${viewer}::uuid and ${friendships.status} = 'accepted'
      union all
      select ${friendships.requesterId} from ${friendships}
        where ${friendships.addresseeId} = ${viewer}::uuid and ${friendships.status} = 'accepted')`;
    return db
      .select({
        status: movies.status,
        rating: movies.rating,
        watchedAt: movies.watchedAt,
        owner: { id: users.id, username: users.username, avatar: users.avatar },
      })
      .from(movies)
      .innerJoin(users, eq(users.id, movies.ownerId))
      .where(
        and(
          eq(movies.filmId, sql.placeholder('film')),
          sql`${movies.ownerId} in ${friendIds}`,
          // Friends' entries, as far as each friend's visibility shows them (docs/social.md "Privacy").
          visibleToViewer(viewer, { id: users.id, visibility: users.visibility }),
        ),
      )
      .orderBy(desc(movies.updatedAt), desc(movies.id))
      .limit(FRIENDS_ON_FILM)
      .prepare(name);
  });
  return statement.execute({ viewer: viewerId, film: filmId });
};

/** The members holding an entry of a film (whose lists change when the film does). */
export const ownersOfFilm = async (db: Db, filmId: string): Promise<string[]> =>
  (await db.select({ ownerId: movies.ownerId }).from(movies).where(eq(movies.filmId, filmId))).map((r) => r.ownerId);

export const deleteMovie = async (db: Db, id: string): Promise<boolean> =>
  (await db.delete(movies).where(eq(movies.id, id)).returning({ id: movies.id })).length > 0;

/**
 * One page of a member's movies, newest first, read in that order from movies_owner_newest_idx.
 * Without the owner: a page is one member's, so the caller attaches them once (toOwnedMovie)
 * rather than the database joining them to every row.
 */
export const listMoviesOf = async (
  db: Db,
  ownerId: string,
  q: { page: number; limit: number; status?: MovieRow['status'] },
): Promise<{ rows: MovieData[]; total: number }> => {
  const statements = preparedOnce(db, q.status ? 'movies_of_owner_status' : 'movies_of_owner', (name) => {
    const where = and(
      eq(movies.ownerId, sql.placeholder('ownerId')),
      q.status ? eq(movies.status, sql.placeholder('status')) : undefined,
    );
    return {
      rows: db
        .select(movieColumns)
        .from(movies)
        .where(where)
        .orderBy(desc(movies.createdAt), desc(movies.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_rows`),
      total: db.select({ n: count() }).from(movies).where(where).prepare(`${name}_total`),
    };
  });
  const params = { ownerId, status: q.status, limit: q.limit, offset: (q.page - 1) * q.limit };
  return pageWithTotal(
    params.offset,
    q.limit,
    () => statements.rows.execute(params),
    async () => (await statements.total.execute(params))[0]?.n ?? 0,
  );
};

/** Totals past this are reported as this: counting every hit of a very broad query would cost more than the page. */
export const SEARCH_TOTAL_CAP = 1000;

/** Up to this many hits are ranked by relevance; more are listed newest first. */
const RANKED_HITS = 300;

/** A search hit as returned: the movie with its owner, and its score to 4 decimals. */
const withScore = (r: { movie: MovieData; owner: MovieOwner; score: number }) => ({
  ...flatten(r),
  score: Number(Number(r.score).toFixed(4)),
});

/**
 * Ranked search over every member's movies, in the database: the words are matched as
 * db/text-query.ts says (folded, prefix for the last word, typos corrected), by index scans
 * (GIN on search_words, GIN on search_vector).
 *
 * Up to RANKED_HITS hits are ranked by how close the whole query is to a run of the movie's
 * words (trigram word similarity, db/text-query.ts queryCloseness), then by full-text rank; a
 * broader query (a common word) lists its hits newest first, since ranking a hundred thousand
 * equal hits orders nothing.
 *
 * Up to SEARCH_TOTAL_CAP hits, the first statement (db/text-query.ts) reads each hit from the
 * heap once: it counts them and picks the page's ids from the same rows, ranked or sorted. A
 * second statement reads the page's movies with their owners by id: joined in one query,
 * PostgreSQL joined every hit to its owner before sorting, slow for a name with thousands of hits
 * (docs/benchmarks.md). Past SEARCH_TOTAL_CAP, the newest page is found by walking
 * movies_created_at_idx backwards and testing each movie until the page is full, cheap when one
 * movie in a few hundred is a hit ("Search under load" there), or, for rarer hits among many
 * movies, by reading and sorting them all (sortHitsBeforeWalking).
 */
export const searchMovies = async (
  db: Db,
  query: string,
  page: { page: number; limit: number },
  hiddenOwners: string[] = [],
): Promise<{ rows: (MovieWithOwner & { score: number })[]; total: number }> => {
  const params = {
    query,
    // Owners the caller may not see (privacy/visibility.ts hiddenOwnersFor), as a uuid[] literal
    // ('{}' for none): one statement for any list.
    hidden: `{${hiddenOwners.join(',')}}`,
    limit: page.limit,
    offset: (page.page - 1) * page.limit,
  };
  const statements = searchStatements(db);
  const found = await textQuery(db, async (corrected) => (await statements.first.execute({ ...params, corrected }))[0]);
  if (!found || found.total === 0) return { rows: [], total: 0 };
  const { row, tsq, match, total } = found;
  if (total < SEARCH_TOTAL_CAP) {
    const ids = row.page ?? [];
    if (ids.length === 0) return { rows: [], total };
    const byId = new Map(
      (await statements.byIds.execute({ query, ids: `{${ids.join(',')}}` })).map((r) => [r.movie.id, r]),
    );
    return { rows: ids.flatMap((id) => byId.get(id) ?? []).map(withScore), total };
  }
  const depth = params.offset + params.limit;
  const newest = sortHitsBeforeWalking(row.spread, Number(row.movieCount), depth)
    ? statements.sorted
    : statements.walked;
  const rows = await newest.execute({ ...params, tsq, match });
  return { rows: rows.map(withScore), total };
};

/**
 * What testing one movie on a walk of the date index costs, as a share of reading and sorting one
 * hit found by the search index (EXPLAIN ANALYZE over the bench's million movies: 0.54 against
 * 2.1 µs).
 */
const WALKED_MOVIE_COST = 0.25;

/**
 * Whether the newest page of a query past SEARCH_TOTAL_CAP hits is cheaper found by reading and
 * sorting every hit than by walking the date index: walking to the page's end (`depth`) tests
 * about depth × movies / hits movies, sorting reads every hit. The hits are estimated from how
 * far into the table the first SEARCH_TOTAL_CAP lay (`spread`; the search index yields them in
 * the table's order); with no estimate (a table never analyzed) the walk is kept.
 */
export const sortHitsBeforeWalking = (spread: number | null, moviesCount: number, depth: number) =>
  spread !== null && moviesCount > 0 && spread * spread < WALKED_MOVIE_COST * depth * moviesCount;

/** Movie search's named statements (each planned once per connection: planning cost as much as running). */
const searchStatements = (db: Db) =>
  preparedOnce(db, 'search_movies', () => {
    // Relevance: how close the whole query is to a run of the movie's words (1 = contained as typed).
    // The query is folded once, by a subquery PostgreSQL runs before the rows: folded in the
    // expression itself, it was folded three times per row, a third of the page read's cost.
    const score = queryCloseness(sql`(select kd_fold(${sql.placeholder('query')}))`, movies.searchText);
    const hiddenOut = sql`not (${movies.ownerId} = any(${sql.placeholder('hidden')}::uuid[]))`;
    const pageOf = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
    // The hits (each read once), counted, and the page's ids: up to RANKED_HITS ranked by
    // relevance, then by full-text rank; more newest first (ranking a thousand equal hits orders
    // nothing); none past SEARCH_TOTAL_CAP, whose page is found by newestPage (below).
    const ranked = sql`counted.n < ${RANKED_HITS}`;
    const first = db
      .select({
        ...textQueryColumns,
        page: sql<string[] | null>`page`,
        spread: sql<number | null>`spread`,
        movieCount: sql<number | null>`movie_count`,
      })
      .from(
        sql`(${sql`with ${typedQueryCtes}, hits as materialized (
          select id, created_at, search_text, search_vector, ctid from ${movies}
          where ${matchesTyped(movies.searchVector)} and ${hiddenOut}
          limit ${SEARCH_TOTAL_CAP}
        ), counted as (select count(*)::int as n, (max(ctid)::text::point)[0] as last_block from hits)
        select typed.words, typed.tsq, typed.match, counted.n,
          case when counted.n >= ${SEARCH_TOTAL_CAP} then
            counted.n * pg_relation_size('movies'::regclass) / current_setting('block_size')::float8 / (counted.last_block + 1)
          end as spread,
          case when counted.n >= ${SEARCH_TOTAL_CAP} then
            (select reltuples from pg_class where oid = 'movies'::regclass)
          end as movie_count,
          case when counted.n < ${SEARCH_TOTAL_CAP} then (
            select array_agg(id order by place) from (
              select id, row_number() over (order by
                case when ${ranked} then ${queryCloseness(sql`typed.folded`, sql`search_text`)} end desc nulls last,
                case when ${ranked} then ts_rank(search_vector, to_tsquery('simple'::regconfig, typed.tsq), 1) end desc nulls last,
                created_at desc, id desc) as place
              from hits order by place ${pageOf}) on_page
          ) end as page
        from typed, counted`}) first`,
      )
      .prepare('search_movies_first');
    // The page's movies with their owners and scores.
    const byIds = db
      .select({ ...withOwner, score })
      .from(movies)
      .innerJoin(users, eq(users.id, movies.ownerId))
      .where(sql`${movies.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('search_movies_by_ids');
    // The page of a query past SEARCH_TOTAL_CAP hits, newest first, found one of two ways: walking
    // movies_created_at_idx backwards and testing each movie, written as ts_match_vq so the
    // planner cannot take the search index's bitmap instead; or reading every hit by the search
    // index (behind `offset 0`, so the planner cannot walk instead) and sorting them.
    const newestPage = (name: string, hits: SQL) =>
      db
        .select({ ...withOwner, score })
        .from(
          sql`(select id as page_id, row_number() over (order by created_at desc, id desc) as place
            from ${hits} hits order by created_at desc, id desc ${pageOf}) on_page`,
        )
        .innerJoin(movies, eq(movies.id, sql`on_page.page_id`))
        .innerJoin(users, eq(users.id, movies.ownerId))
        .orderBy(sql`on_page.place`)
        .prepare(name);
    const tsquery = sql`to_tsquery('simple'::regconfig, ${sql.placeholder('match')})`;
    const walked = newestPage(
      'search_movies_walked',
      sql`(select id, created_at from ${movies} where ts_match_vq(search_vector, ${tsquery}) and ${hiddenOut})`,
    );
    const sorted = newestPage(
      'search_movies_sorted',
      sql`(select id, created_at from ${movies} where search_vector @@ ${tsquery} and ${hiddenOut} offset 0)`,
    );
    return { first, byIds, walked, sorted };
  });

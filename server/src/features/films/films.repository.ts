import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { comments, type FilmRow, films, messages, movies, notifications } from '../../db/schema/index';
import { matchesTyped, queryCloseness, textQuery, textQueryColumns, typedQueryCtes } from '../../db/text-query';

/** All SQL about the film catalogue. */

/** A film as the API needs it: without the columns only the database reads. */
export type FilmData = Omit<FilmRow, 'titleKey' | 'searchText' | 'searchVector'>;
/** What a source gives to make or refresh a film. */
export type FilmValues = Omit<
  typeof films.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'titleKey' | 'searchText' | 'searchVector'
>;

const {
  titleKey: _titleKey,
  searchText: _searchText,
  searchVector: _searchVector,
  ...filmColumns
} = getTableColumns(films);

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export const findFilm = async (db: Db, id: string): Promise<FilmData | undefined> =>
  (
    await preparedOnce(db, 'film_by_id', (name) =>
      db
        .select(filmColumns)
        .from(films)
        .where(eq(films.id, sql.placeholder('id')))
        .prepare(name),
    ).execute({ id })
  )[0];

/**
 * True when the catalogue has no imported film (a new install, or one whose only films are the
 * member films made from its members' entries when they were linked, migration 0013).
 */
export const catalogueIsEmpty = async (db: Db): Promise<boolean> =>
  (await db.select({ id: films.id }).from(films).where(sql`${films.source} <> 'member'`).limit(1)).length === 0;

/**
 * The film an entry of this title and year is of (docs/catalogue.md "Linking"): the same folded
 * title and a year within one, the closest year first, then the oldest film. A title without a
 * year matches only a film without one.
 */
export const findMatchingFilm = async (db: Db, title: string, year: number | null): Promise<FilmData | undefined> =>
  (
    await db
      .select(filmColumns)
      .from(films)
      .where(
        and(
          sql`${films.titleKey} = kd_fold(${title})`,
          year === null ? isNull(films.year) : sql`${films.year} between ${year - 1} and ${year + 1}`,
        ),
      )
      .orderBy(
        year === null ? asc(films.createdAt) : sql`abs(${films.year} - ${year})`,
        asc(films.createdAt),
        asc(films.id),
      )
      .limit(1)
  )[0];

/**
 * Runs `write` in a transaction that first holds the film (FOR KEY SHARE, as the entry's foreign
 * key would, but before the entry's unique key is taken); answers undefined when the film is gone.
 * A merge locks both films first: an add to either waits for the whole merge and then sees its
 * outcome (the film merged away, or the member's entry moved to it), and a merge waits for an add
 * that holds the film, so neither holds what the other wants (docs/catalogue.md "Admin: edit and
 * merge").
 */
export const withFilmHeld = async <T>(db: Db, filmId: string, write: (tx: Db) => Promise<T>): Promise<T | undefined> =>
  db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const held = await tx.select({ id: films.id }).from(films).where(eq(films.id, filmId)).for('key share');
    if (held.length === 0) return undefined;
    return write(tx);
  });

/** Arbitrary constant naming the advisory locks on folded titles (the first of two keys). */
const TITLE_LOCK_SPACE = 727276;

/** Holds the folded title until the transaction ends, so two looks for one title's film take turns. */
export const lockTitle = async (tx: Db, title: string): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${TITLE_LOCK_SPACE}, hashtext(kd_fold(${title})))`);
};

export const insertFilm = async (db: Db, values: FilmValues): Promise<FilmData> =>
  (await db.insert(films).values(values).returning(filmColumns))[0] as FilmData;

/** Changes a film's facts; its entries take them in the same statement (migration 0013). */
export const updateFilm = async (db: Db, id: string, values: Partial<FilmValues>): Promise<FilmData | undefined> =>
  (
    await db
      .update(films)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(films.id, id))
      .returning(filmColumns)
  )[0];

/**
 * Inserts catalogue films, one statement for the batch, leaving out each film that an existing one
 * already is by the entries' rule (the same folded title and a year within one, "Linking" in
 * docs/catalogue.md): on an install whose members' entries made member films before the catalogue
 * came, those films stay the films of their titles rather than being doubled.
 */
export const insertUnmatchedFilms = async (
  db: Db,
  values: Pick<FilmValues, 'title' | 'year' | 'directors' | 'genres' | 'runtime' | 'source'>[],
): Promise<number> => {
  if (values.length === 0) return 0;
  const rows = values.map((v) => ({
    title: v.title,
    year: v.year ?? null,
    directors: v.directors ?? [],
    genres: v.genres ?? [],
    runtime: v.runtime ?? null,
    source: v.source,
  }));
  const added = await db.execute(sql`
    insert into ${films} (title, year, directors, genres, runtime, source)
    select v.title, v.year, v.directors, v.genres, v.runtime, v.source
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(title text, year int, directors text[], genres text[], runtime int, source text)
    where not exists (
      select 1 from ${films} f
      where f.title_key = kd_fold(v.title)
        and (f.year between v.year - 1 and v.year + 1 or (v.year is null and f.year is null)))
    returning id`);
  return rowsOf(added).length;
};

/**
 * Stores a batch of IMDb titles. A film already known by its IMDb id is refreshed from the new
 * facts; a film without an IMDb id whose folded title and year are the same (the bundled
 * catalogue's, a member's) takes the id first, so importing IMDb does not double it. The caller
 * runs this in a transaction, so a batch is stored whole or not at all.
 */
export const upsertImdbFilms = async (db: Db, values: (FilmValues & { imdbId: string })[]): Promise<void> => {
  if (values.length === 0) return;
  const incoming = sql.join(
    values.map((v) => sql`(${v.imdbId}, kd_fold(${v.title}), ${v.year ?? null}::int)`),
    sql`, `,
  );
  // An id goes to one film (the oldest of equals), and an id some film holds already is skipped;
  // a film two ids could claim takes one of them, and the other becomes a film of its own.
  await db.execute(sql`
    update ${films} f set imdb_id = c.imdb_id
    from (
      select distinct on (i.imdb_id) f2.id, i.imdb_id
      from (values ${incoming}) i(imdb_id, title_key, year)
      join ${films} f2 on f2.imdb_id is null and f2.title_key = i.title_key and f2.year = i.year
      where not exists (select 1 from ${films} taken where taken.imdb_id = i.imdb_id)
      order by i.imdb_id, f2.created_at, f2.id
    ) c
    where f.id = c.id`);
  await db
    .insert(films)
    .values(values)
    .onConflictDoUpdate({
      target: films.imdbId,
      set: {
        title: sql`excluded.title`,
        originalTitle: sql`excluded.original_title`,
        year: sql`excluded.year`,
        runtime: sql`excluded.runtime`,
        genres: sql`excluded.genres`,
        // A title read without the crew files keeps the directors it has.
        directors: sql`case when cardinality(excluded.directors) > 0 then excluded.directors else ${films.directors} end`,
        updatedAt: sql`now()`,
      },
    });
};

/** Totals past this are reported as this, and only this many hits are ranked. */
export const FILM_SEARCH_CAP = 1000;

/**
 * Ranked film search: the words matched as db/text-query.ts says (folded, prefix for the last
 * word, typos corrected). Films whose whole title is the query come first, then the hits by how
 * close the whole query is to a run of the film's words (trigram word similarity); of equals, the
 * title closest to the whole query (a misspelt `titanik` finds Titanic before the films that
 * merely name it), then the newer.
 * Only the first FILM_SEARCH_CAP hits the index yields are ranked, so a one-word query over a
 * million films costs a bounded page; the exact titles are looked up by their own index and are
 * never left out.
 */
export const searchFilms = async (
  db: Db,
  query: string,
  page: { page: number; limit: number },
): Promise<{ rows: (FilmData & { score: number })[]; total: number }> => {
  const statements = filmSearchStatements(db);
  const params = { query, limit: page.limit, offset: (page.page - 1) * page.limit };
  const found = await textQuery(db, async (corrected) => (await statements.first.execute({ ...params, corrected }))[0]);
  if (!found || found.total === 0) return { rows: [], total: 0 };
  const ids = found.row.page ?? [];
  const scores = found.row.scores ?? [];
  if (ids.length === 0) return { rows: [], total: found.total };
  const byId = new Map((await statements.byIds.execute({ ids: `{${ids.join(',')}}` })).map((f) => [f.id, f]));
  const rows = ids.flatMap((id, i) => {
    const film = byId.get(id);
    // The score is 0-1: an exact title's bonus only orders it first.
    return film ? [{ ...film, score: Number(Math.min(1, Number(scores[i])).toFixed(4)) }] : [];
  });
  return { rows, total: found.total };
};

/** Film search's named statements (each planned once per connection: planning cost as much as running). */
const filmSearchStatements = (db: Db) =>
  preparedOnce(db, 'search_films', () => {
    const folded = sql`kd_fold(${sql.placeholder('query')})`;
    // The index's first FILM_SEARCH_CAP hits (each read once), counted, and with the films whose
    // whole title is the query, ranked: the page's ids and scores. The tie-break's title likeness
    // is computed once a title (hits of one title are common: a remake, a series, a typed word):
    // materialized, since PostgreSQL would otherwise inline it and run similarity() per hit. Only
    // the titles scoring at least the page's last hit (`cut`) can be tied on the page, so only
    // theirs is computed. queryCloseness is word_similarity, cheap when the query is in the text
    // as typed.
    const first = db
      .select({
        ...textQueryColumns,
        page: sql<string[] | null>`page`,
        scores: sql<number[] | null>`scores`,
      })
      .from(
        sql`(${sql`with ${typedQueryCtes}, found as materialized (
          select id, title_key, search_text, year from ${films}
          where ${matchesTyped(films.searchVector)}
          limit ${FILM_SEARCH_CAP}
        ), counted as (select count(*)::int as n from found),
        scored as (
          select id, title_key, year,
            (title_key = typed.folded)::int + ${queryCloseness(sql`typed.folded`, sql`search_text`)} as score
          from typed, (
            (select id, title_key, search_text, year from ${films} where title_key = ${folded}
              and (select n from counted) > 0)
            union
            (select id, title_key, search_text, year from found)
          ) hits
        ), cut as (
          select score from scored order by score desc
          offset ${sql.placeholder('offset')}::int + ${sql.placeholder('limit')}::int - 1 limit 1
        ), likeness as materialized (
          select title_key, similarity(title_key, typed.folded) as alike
          from typed, (select distinct title_key from scored
            where score >= coalesce((select score from cut), 0)) titles
        ), on_page as (
          select id, score, row_number() over (
            order by score desc, alike desc, year desc nulls last, id) as place
          from scored join likeness using (title_key)
          order by place limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
        )
        select typed.words, typed.tsq, typed.match, counted.n,
          (select array_agg(id order by place) from on_page) as page,
          (select array_agg(score order by place) from on_page) as scores
        from typed, counted`}) first`,
      )
      .prepare('search_films_first');
    const byIds = db
      .select(filmColumns)
      .from(films)
      .where(sql`${films.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('search_films_by_ids');
    return { first, byIds };
  });

/** The catalogue's films of these TMDB ids, by id. */
export const filmIdsByTmdbId = async (db: Db, tmdbIds: number[]): Promise<Map<number, string>> => {
  if (tmdbIds.length === 0) return new Map();
  const rows = await db
    .select({ id: films.id, tmdbId: films.tmdbId })
    .from(films)
    .where(inArray(films.tmdbId, tmdbIds));
  return new Map(rows.map((r) => [r.tmdbId as number, r.id]));
};

/**
 * Stores a film read from TMDB: the film of that TMDB id is refreshed; else a film of the same
 * IMDb id, or without a TMDB id and of the same folded title and year, takes the TMDB id and
 * the facts it lacks (its own are kept); else a new film is made. Answers the film and whether
 * it is new. Two members importing one film at once meet at the unique TMDB id.
 */
export const storeTmdbFilm = async (
  db: Db,
  v: FilmValues & { tmdbId: number },
): Promise<{ film: FilmData; created: boolean }> =>
  db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const fill = {
      tmdbId: v.tmdbId,
      imdbId: sql`coalesce(${films.imdbId}, ${v.imdbId ?? null})`,
      originalTitle: sql`coalesce(${films.originalTitle}, ${v.originalTitle ?? null})`,
      runtime: sql`coalesce(${films.runtime}, ${v.runtime ?? null}::int)`,
      overview: sql`coalesce(${films.overview}, ${v.overview ?? null})`,
      posterUrl: sql`coalesce(${films.posterUrl}, ${v.posterUrl ?? null})`,
      genres: sql`case when cardinality(${films.genres}) > 0 then ${films.genres} else ${sql.param(v.genres ?? [])}::text[] end`,
      directors: sql`case when cardinality(${films.directors}) > 0 then ${films.directors} else ${sql.param(v.directors ?? [])}::text[] end`,
      updatedAt: sql`now()`,
    };
    const [known] = await tx
      .update(films)
      .set({ ...fill, posterUrl: v.posterUrl ?? sql`${films.posterUrl}` })
      .where(eq(films.tmdbId, v.tmdbId))
      .returning(filmColumns);
    if (known) return { film: known, created: false };
    const [claimed] = await tx
      .update(films)
      .set(fill)
      .where(
        sql`${films.id} = (
          select id from ${films}
          where tmdb_id is null and (
            (${v.imdbId ?? null}::text is not null and imdb_id = ${v.imdbId ?? null})
            or (title_key = kd_fold(${v.title}) and year is not distinct from ${v.year ?? null}::int)
          )
          order by (imdb_id = ${v.imdbId ?? null}) desc nulls last, created_at, id
          limit 1
        )`,
      )
      .returning(filmColumns);
    if (claimed) return { film: claimed, created: false };
    const [inserted] = await tx.insert(films).values(v).onConflictDoNothing().returning(filmColumns);
    if (inserted) return { film: inserted, created: true };
    // Stored meanwhile by another member's import...
    const [other] = await tx.select(filmColumns).from(films).where(eq(films.tmdbId, v.tmdbId));
    if (other) return { film: other, created: false };
    // ...or its IMDb id belongs to a film with another TMDB id (TMDB has duplicates too).
    const [apart] = await tx
      .insert(films)
      .values({ ...v, imdbId: null })
      .returning(filmColumns);
    if (!apart) throw new Error(`film of TMDB id ${v.tmdbId} not stored`);
    return { film: apart, created: true };
  });

/** The members who hold an entry of one of these films (whose cached lists show its facts). */
export const ownersOfFilms = async (db: Db, filmIds: string[]): Promise<string[]> =>
  (await db.selectDistinct({ ownerId: movies.ownerId }).from(movies).where(inArray(movies.filmId, filmIds))).map(
    (r) => r.ownerId,
  );

/**
 * One page of the catalogue for admins, newest first, read in that order from
 * films_created_at_idx (migration 0014).
 */
export const listNewestFilms = async (
  db: Db,
  page: { page: number; limit: number },
): Promise<{ rows: FilmData[]; total: number }> => {
  const [rows, counted] = await Promise.all([
    db
      .select(filmColumns)
      .from(films)
      .orderBy(sql`${films.createdAt} desc nulls last`, sql`${films.id} desc nulls last`)
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(films),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
};

/**
 * Merges film `fromId` into film `intoId` (docs/catalogue.md "Admin: edit and merge"), in one
 * transaction: entries and comments move, a member who held both keeps the most recently updated
 * entry (as migration 0013 did) and the comments written on the other, the kept film takes the
 * facts it lacked, and the merged film is deleted. Answers undefined when either film is unknown;
 * else the kept film, the merged one as it was, and the members whose entries changed.
 */
export const mergeFilms = async (
  db: Db,
  fromId: string,
  intoId: string,
): Promise<{ film: FilmData; merged: FilmData; owners: string[] } | undefined> =>
  db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Both rows locked, in id order so that two merges of the same pair wait rather than deadlock.
    const locked = await tx
      .select(filmColumns)
      .from(films)
      .where(inArray(films.id, [fromId, intoId]))
      .orderBy(asc(films.id))
      .for('update');
    const from = locked.find((f) => f.id === fromId);
    const into = locked.find((f) => f.id === intoId);
    if (!from || !into) return undefined;
    // Then every entry of both, in id order: the members' edits and deletions of them wait, so which
    // of a member's two entries stays is decided once, on entries that cannot change meanwhile.
    const entries = await tx
      .select({ id: movies.id, ownerId: movies.ownerId })
      .from(movies)
      .where(inArray(movies.filmId, [fromId, intoId]))
      .orderBy(asc(movies.id))
      .for('update');
    const owners = [...new Set(entries.map((e) => e.ownerId))];

    // A member's two entries, one of each film: the most recently updated stays (read once, locked).
    const doubles = rowsOf<{ dropped: string; kept: string }>(
      await tx.execute(sql`
        select case when (a.updated_at, a.id) > (b.updated_at, b.id) then b.id else a.id end as dropped,
               case when (a.updated_at, a.id) > (b.updated_at, b.id) then a.id else b.id end as kept
        from ${movies} a join ${movies} b on b.owner_id = a.owner_id and b.film_id = ${intoId}
        where a.film_id = ${fromId}`),
    );
    for (const { dropped, kept } of doubles) {
      await tx.update(comments).set({ movieId: kept }).where(eq(comments.movieId, dropped));
    }
    if (doubles.length > 0) {
      await tx.delete(movies).where(
        inArray(
          movies.id,
          doubles.map((d) => d.dropped),
        ),
      );
    }
    // The entry trigger (migration 0013) gives the moved entries the kept film's facts.
    await tx.update(movies).set({ filmId: intoId }).where(eq(movies.filmId, fromId));
    await tx.update(comments).set({ filmId: intoId }).where(eq(comments.filmId, fromId));
    // Recommendations and notifications keep naming the film instead of losing it with the duplicate.
    await tx.update(messages).set({ filmId: intoId }).where(eq(messages.filmId, fromId));
    await tx.update(notifications).set({ filmId: intoId }).where(eq(notifications.filmId, fromId));
    // The unique IMDb and TMDB ids are free only once the merged film is gone.
    await tx.delete(films).where(eq(films.id, fromId));
    const [film] = await tx
      .update(films)
      .set({
        originalTitle: sql`coalesce(${films.originalTitle}, ${from.originalTitle})`,
        year: sql`coalesce(${films.year}, ${from.year}::int)`,
        runtime: sql`coalesce(${films.runtime}, ${from.runtime}::int)`,
        overview: sql`coalesce(${films.overview}, ${from.overview})`,
        posterUrl: sql`coalesce(${films.posterUrl}, ${from.posterUrl})`,
        imdbId: sql`coalesce(${films.imdbId}, ${from.imdbId})`,
        tmdbId: sql`coalesce(${films.tmdbId}, ${from.tmdbId}::int)`,
        genres: sql`case when cardinality(${films.genres}) > 0 then ${films.genres} else ${sql.param(from.genres)}::text[] end`,
        directors: sql`case when cardinality(${films.directors}) > 0 then ${films.directors} else ${sql.param(from.directors)}::text[] end`,
        updatedAt: sql`now()`,
      })
      .where(eq(films.id, intoId))
      .returning(filmColumns);
    if (!film) throw new Error(`film ${intoId} vanished during a merge`);
    return { film, merged: from, owners };
  });

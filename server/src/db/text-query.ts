import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client';
import { searchWords } from './schema/index';

/** The last query word matches as a prefix from this many letters on. */
const PREFIX_MIN_LENGTH = 4;
/** Up to this many known words stand for a prefix; a prefix of more is matched as a prefix. */
const PREFIX_WORDS = 20;

/** Query words this long or longer are also matched by their closest known spellings. */
const TYPO_MIN_LENGTH = 4;
/** How many known words may stand in for one misspelt query word. */
const TYPO_CANDIDATES = 3;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** A tsquery literal for one lexeme (quotes and backslashes escaped). */
const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The same literal in SQL, of a text column. */
const lexemeSql = (column: string) =>
  sql.raw(`'''' || replace(replace(${column}, '\\', '\\\\'), '''', '''''') || ''''`);

/** What a search's first statement answers, before the caller's own columns (its page). */
export interface TextQueryRow {
  words: string[] | null;
  tsq: string | null;
  match: string | null;
  n: number;
}

/**
 * The CTEs `words`, `parts`, `lexemes` and `typed` of a search's first statement. `typed` has one
 * row: the query's `words`, the query `folded` (once, not for each hit), its tsquery as typed
 * (`tsq`, for ranking) and the tsquery that finds the same documents through the index
 * (`match`). When the placeholder `corrected` holds a tsquery (a typo pass, below), both are that
 * one instead; the placeholder `query` is the query.
 *
 * The query is folded exactly like the stored text (kd_fold in SQL: case, Azerbaijani
 * diacritics, dotted and dotless i) and split into words by the same parser, read from
 * to_tsvector's positions: ts_debug, which gave them before, cost more than many a search it
 * served. Every query word must match a word of the document, as typed or, for the last one,
 * as a prefix (`godf` finds Godfather). Each word counts once, at its last place, in the order
 * typed: the last word is the one still being typed, so it also matches as a prefix (search as
 * you type); a prefix of every earlier or shorter word ('a', 'the') would match most of the
 * catalogue.
 *
 * The last word's prefix is matched as the known words it stands for (search_words, by the
 * byte-order index of migration 0019) when there are a few: the search index finds a prefix's
 * documents by gathering every posting of every word it begins before it can intersect them
 * with the other words (50,000 postings for a common word), where named words are intersected
 * by skipping, three to ten times cheaper (docs/benchmarks.md, "Search under load").
 */
export const typedQueryCtes = sql`
      words as (
        select lexeme as w, positions[array_length(positions, 1)] as at
        from unnest(to_tsvector('simple'::regconfig, kd_fold(${sql.placeholder('query')})))
      ), parts as (
        select w, at, at = l.last and length(w) >= ${PREFIX_MIN_LENGTH} as prefix
        from words, (select max(at) as last from words) l
      ), lexemes as (
        select w, at,
          ${lexemeSql('w')} || case when prefix then ':*' else '' end as typed,
          case when not prefix then ${lexemeSql('w')}
          else coalesce(
            (select '(' || string_agg(${lexemeSql('k.word')}, ' | ') || ')'
              from (select word from ${searchWords}
                where word collate "C" >= w collate "C" and word collate "C" < (w || chr(1114111)) collate "C"
                limit ${PREFIX_WORDS}) k
              having count(*) between 1 and ${PREFIX_WORDS - 1}),
            ${lexemeSql('w')} || ':*')
          end as matched
        from parts
      ), typed as (
        select array_agg(w order by at) as words, kd_fold(${sql.placeholder('query')}) as folded,
          coalesce(${sql.placeholder('corrected')}::text, string_agg(typed, ' & ' order by at)) as tsq,
          coalesce(${sql.placeholder('corrected')}::text, string_agg(matched, ' & ' order by at)) as match
        from lexemes
      )`;

/** The TextQueryRow columns of a first statement, selected from its subquery's row. */
export const textQueryColumns = {
  words: sql<string[] | null>`words`,
  tsq: sql<string | null>`tsq`,
  match: sql<string | null>`match`,
  n: sql<number>`n`,
};

/** The documents' test for the index, in a statement that starts with typedQueryCtes. */
export const matchesTyped = (vector: SQLWrapper) =>
  sql`${vector} @@ (select to_tsquery('simple'::regconfig, typed.match) from typed)`;

/**
 * Runs a search's first statement (`first`, which starts with typedQueryCtes and answers a
 * TextQueryRow with the caller's page) and, when the query's words have no hits, runs it again
 * with the typos corrected: each word no document has is replaced by its closest known spellings
 * (trigram similarity in search_words, a small table shared by movies and films), the single
 * closest first, then the few closest. A query with hits (the common one) costs one statement:
 * its words, its tsquery, its capped count and its page together.
 *
 * Answers the row that found hits (or the last one tried), with `total` its count; `null` when
 * the query has no words at all.
 */
export async function textQuery<R extends TextQueryRow>(
  db: Db,
  first: (corrected: string | null) => Promise<R | undefined>,
): Promise<{ row: R; tsq: string; match: string; total: number } | null> {
  let row = await first(null);
  const words = row?.words ?? [];
  if (!row || words.length === 0 || !row.tsq || !row.match) return null;
  if (Number(row.n) > 0) return { row, tsq: row.tsq, match: row.match, total: Number(row.n) };

  const asTyped = (w: string, i: number) =>
    i === words.length - 1 && w.length >= PREFIX_MIN_LENGTH ? `${lexeme(w)}:*` : lexeme(w);
  const corrections = rowsOf<{ w: string; word: string }>(
    await db.execute(sql`
      select q.w, d.word
      from unnest(string_to_array(${words.join(' ')}, ' ')) q(w)
      cross join lateral (
        select word from ${searchWords}
        where length(q.w) >= ${TYPO_MIN_LENGTH} and word % q.w
          and not exists (select 1 from ${searchWords} known where known.word = q.w)
        order by similarity(word, q.w) desc, word
        limit ${TYPO_CANDIDATES}
      ) d`),
  );
  let tsq = row.tsq;
  for (const take of corrections.length ? [1, TYPO_CANDIDATES] : []) {
    tsq = words
      .map((w, i) => {
        const known = corrections.filter((c) => c.w === w).slice(0, take);
        return known.length ? `(${known.map((c) => lexeme(c.word)).join(' | ')})` : asTyped(w, i);
      })
      .join(' & ');
    const corrected = await first(tsq);
    if (!corrected) break;
    row = corrected;
    if (Number(row.n) > 0) break;
  }
  return { row, tsq, match: tsq, total: Number(row.n) };
}

/**
 * word_similarity(query, text), without its cost when the text holds the folded query as whole
 * words: it is then 1 (every trigram of the query lies in that run of the text). The common
 * search is a title typed whole, and over a few hundred hits trigram similarity of a long title
 * cost more than the rest of the search (docs/benchmarks.md, "Search: ranking and broad
 * queries"). A query found only across punctuation, or not at all, is measured exactly.
 */
export const queryCloseness = (query: SQLWrapper, text: SQLWrapper) => {
  const padded = sql`' ' || ${text} || ' '`;
  const after = sql`nullif(strpos(${padded}, ' ' || ${query}), 0) + length(${query}) + 1`;
  return sql<number>`case when substr(${padded}, ${after}, 1) !~ '[[:alnum:]]' then 1::real
    else word_similarity(${query}, ${text}) end`;
};

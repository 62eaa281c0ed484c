import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { preparedOnce } from './prepared';
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

/**
 * The tsquery a search runs, and how many hits it has. The query is folded exactly like the
 * stored text (kd_fold in SQL: case, Azerbaijani diacritics, dotted and dotless i) and split
 * into words by the same parser. Every query word must match a word of the document, as typed
 * or as a prefix (`godf` finds Godfather). When nothing matches, words no document has are
 * taken for typos and replaced by their closest known spellings (trigram similarity in
 * search_words, a small table shared by movies and films).
 *
 * A query with hits (the common one) costs one statement: its words, its tsquery and its
 * capped count together. The words are read from to_tsvector's positions (the same parser and
 * dictionary): ts_debug, which gave them before, cost more than many a search it served.
 *
 * The last word's prefix is matched as the known words it stands for (search_words, by the
 * byte-order index of migration 0019) when there are a few: the search index finds a prefix's
 * documents by gathering every posting of every word it begins before it can intersect them
 * with the other words (50,000 postings for a common word), where named words are intersected
 * by skipping, three to ten times cheaper (docs/benchmarks.md, "Search under load"). `tsq` is
 * the query as typed, for ranking; `match` finds the same documents, for the index.
 *
 * `countHits` is the SQL that counts the documents a tsquery (given as SQL) matches, capped as
 * the caller likes; a tsquery of `null` means the query has no words at all.
 */
export async function textQuery(
  db: Db,
  table: 'movies' | 'films',
  query: string,
  countHits: (tsq: SQL) => SQL,
): Promise<{ tsq: string | null; match: string | null; total: number }> {
  // Each word once, at its last place, in the order typed: the last word is the one still being
  // typed, so it also matches as a prefix (search as you type); a prefix of every earlier or
  // shorter word ('a', 'the') would match most of the catalogue. A named statement per table
  // (its count differs): planning it cost as much as running it.
  const statement = preparedOnce(db, `text_query_${table}`, (name) =>
    db
      .select({
        words: sql<string[] | null>`words`,
        tsq: sql<string | null>`tsq`,
        match: sql<string | null>`match`,
        n: sql<number>`n`,
      })
      .from(
        sql`(${sql`
      with words as (
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
        select array_agg(w order by at) as words,
          string_agg(typed, ' & ' order by at) as tsq,
          string_agg(matched, ' & ' order by at) as match
        from lexemes
      )
      select words, tsq, match,
        case when match is null then 0 else ${countHits(sql`to_tsquery('simple'::regconfig, typed.match)`)} end as n
      from typed`}) first`,
      )
      .prepare(name),
  );
  const [first] = await statement.execute({ query });
  const words = first?.words ?? [];
  if (words.length === 0 || !first?.tsq || !first.match) return { tsq: null, match: null, total: 0 };
  let tsq: string = first.tsq;
  let total = Number(first.n);
  if (total > 0) return { tsq, match: first.match, total };

  // Nothing: each word no document has is taken for a typo and replaced by its closest known
  // spellings, the single closest first, then the few closest.
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
  for (const take of corrections.length ? [1, TYPO_CANDIDATES] : []) {
    tsq = words
      .map((w, i) => {
        const known = corrections.filter((c) => c.w === w).slice(0, take);
        return known.length ? `(${known.map((c) => lexeme(c.word)).join(' | ')})` : asTyped(w, i);
      })
      .join(' & ');
    const [counted] = rowsOf<{ n: number }>(
      await db.execute(sql`select ${countHits(sql`to_tsquery('simple'::regconfig, ${tsq})`)} as n`),
    );
    total = Number(counted?.n ?? 0);
    if (total > 0) break;
  }
  return { tsq, match: tsq, total };
}

import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { searchWords } from './schema/index';

/** The last query word matches as a prefix from this many letters on. */
const PREFIX_MIN_LENGTH = 4;

/** Query words this long or longer are also matched by their closest known spellings. */
const TYPO_MIN_LENGTH = 4;
/** How many known words may stand in for one misspelt query word. */
const TYPO_CANDIDATES = 3;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** A tsquery literal for one lexeme (quotes and backslashes escaped). */
const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The tsquery a search runs, and how many hits it has. The query is folded exactly like the
 * stored text (kd_fold in SQL: case, Azerbaijani diacritics, dotted and dotless i) and split
 * into words by the same parser. Every query word must match a word of the document, as typed
 * or as a prefix (`godf` finds Godfather). When nothing matches, words no document has are
 * taken for typos and replaced by their closest known spellings (trigram similarity in
 * search_words, a small table shared by movies and films).
 *
 * `countHits` counts the documents a tsquery matches (capped as the caller likes); a tsquery of
 * `null` means the query has no words at all.
 */
export async function textQuery(
  db: Db,
  query: string,
  countHits: (tsq: string) => Promise<number>,
): Promise<{ tsq: string | null; total: number }> {
  const typed = rowsOf<{ w: string }>(
    await db.execute(
      // In the order typed: the last word is the one still being typed.
      sql`select word as w from ts_debug('simple'::regconfig, kd_fold(${query})) d, unnest(d.lexemes) word where d.lexemes is not null`,
    ),
  ).map((r) => r.w);
  // Each word once, keeping the last one last.
  const words = [...new Set(typed.reverse())].reverse();
  if (words.length === 0) return { tsq: null, total: 0 };

  // First as typed. The last word may be unfinished (search as you type), so it also matches
  // as a prefix once it has PREFIX_MIN_LENGTH letters; a prefix of every earlier or shorter
  // word ('a', 'the') would match most of the catalogue.
  const asTyped = (w: string, i: number) =>
    i === words.length - 1 && w.length >= PREFIX_MIN_LENGTH ? `${lexeme(w)}:*` : lexeme(w);
  let tsq = words.map(asTyped).join(' & ');
  let total = await countHits(tsq);
  if (total > 0) return { tsq, total };
  // Nothing: each word no document has is taken for a typo and replaced by its closest known
  // spellings, the single closest first, then the few closest.
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
    total = await countHits(tsq);
    if (total > 0) break;
  }
  return { tsq, total };
}

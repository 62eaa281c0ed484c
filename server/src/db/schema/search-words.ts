import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every distinct word of every movie's search text (kept by a trigger, migration
 * 0004). Search looks a misspelt query word up here by trigram similarity, a
 * small table, instead of comparing it with a million titles.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: false }),
  // The words a prefix stands for, by a range of this index in byte order (db/text-query.ts).
  index('search_words_prefix_idx').on(sql`${t.word} collate "C"`),
]);

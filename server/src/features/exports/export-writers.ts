import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { toProfile } from '../users';
import { commentsPage, entriesPage, friendsPage, keyset, messagesPage } from './exports.repository';

/**
 * The two exports as streams of text (docs/import-export.md): rows are read a page at a time and
 * written as they come, so the answer starts at once and memory does not grow with the collection.
 */

/** A field of a CSV line: quoted when it holds a comma, a quote, a line break or blanks at its ends. */
export const csvField = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csvLine = (fields: (string | number | null | undefined)[]) => `${fields.map(csvField).join(',')}\n`;

/** The columns Letterboxd's importer reads. */
export const LETTERBOXD_COLUMNS = ['Title', 'Year', 'Rating10', 'WatchedDate', 'imdbID', 'Directors'];

/**
 * Every entry as a line of Letterboxd's import CSV. An entry on the watchlist has neither a rating
 * nor a day watched; importing the file here brings it back to the watchlist.
 */
export async function* letterboxdCsv(db: Db, userId: string): AsyncGenerator<string> {
  yield csvLine(LETTERBOXD_COLUMNS);
  for await (const e of keyset((after) => entriesPage(db, userId, after))) {
    const watched = e.status === 'watched';
    yield csvLine([
      e.title,
      e.year,
      watched ? e.rating : null,
      watched && e.watched_at ? new Date(e.watched_at).toISOString().slice(0, 10) : null,
      e.imdb_id,
      e.directors.join(', '),
    ]);
  }
}

/**
 * A section of the JSON export: a name and its items, read a page at a time. A new kind of data
 * (messages, say) is one more function in EXPORT_SECTIONS.
 */
export interface ExportSection {
  name: string;
  items(db: Db, user: AuthUser): AsyncIterable<unknown>;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export const EXPORT_SECTIONS: ExportSection[] = [
  {
    name: 'entries',
    async *items(db, user) {
      for await (const e of keyset((after) => entriesPage(db, user.id, after))) {
        const { cursor_at: _c, directors: _d, ...entry } = e;
        yield {
          ...entry,
          watched_at: iso(e.watched_at),
          created_at: iso(e.created_at),
          updated_at: iso(e.updated_at),
        };
      }
    },
  },
  {
    name: 'comments',
    async *items(db, user) {
      for await (const c of keyset((after) => commentsPage(db, user.id, after))) {
        const { cursor_at: _c, ...comment } = c;
        yield { ...comment, created_at: iso(c.created_at) };
      }
    },
  },
  {
    name: 'friends',
    async *items(db, user) {
      for await (const f of keyset((after) => friendsPage(db, user.id, after))) {
        yield { ...f, created_at: iso(f.created_at), accepted_at: iso(f.accepted_at) };
      }
    },
  },
  {
    name: 'messages',
    async *items(db, user) {
      for await (const m of keyset((after) => messagesPage(db, user.id, after))) {
        yield { ...m, created_at: iso(m.created_at), read_at: iso(m.read_at) };
      }
    },
  },
];

/** The whole JSON export: the profile, then each section's items as an array, written as read. */
export async function* kinodostJson(
  db: Db,
  user: AuthUser,
  sections: ExportSection[] = EXPORT_SECTIONS,
): AsyncGenerator<string> {
  const head = { format: 'kinodost', version: 1, exported_at: new Date().toISOString(), profile: toProfile(user) };
  yield JSON.stringify(head).slice(0, -1);
  for (const section of sections) {
    yield `,${JSON.stringify(section.name)}:[`;
    let first = true;
    for await (const item of section.items(db, user)) {
      yield `${first ? '' : ','}\n${JSON.stringify(item)}`;
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}

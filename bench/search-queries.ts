// The search terms people type, made from the generated titles (bench/generate.ts): exact
// titles, diacritic-free words, typos, directors and two-word mixes. Used by the query-level
// search benchmark and the HTTP one.
import { loadDemoFilms } from '../server/src/seed/demo-catalogue';
import { AZ_WORDS } from './generate';

const fold = (s: string) =>
  s
    .replace(/[əƏ]/g, 'e')
    .replace(/[ıİI]/g, 'i')
    .replace(/[şŞ]/g, 's')
    .replace(/[çÇ]/g, 'c')
    .replace(/[ğĞ]/g, 'g')
    .replace(/[öÖ]/g, 'o')
    .replace(/[üÜ]/g, 'u');
const typo = (s: string) => (s.length > 5 ? s.slice(0, 3) + s[4] + s[3] + s.slice(5) : s);

/**
 * The mix of searchQueries, but no query twice: made over every (film, word) pair in turn, and
 * the kinds that would repeat (a bare word) typed as far as a prefix of the film's title, as
 * search-as-you-type sends it. For load runs, where a repeated query would meet warm pages.
 */
export async function distinctSearchQueries(count: number): Promise<string[]> {
  const films = await loadDemoFilms();
  const seen = new Set<string>();
  const queries: string[] = [];
  for (let i = 0; queries.length < count && i < count * 20; i++) {
    const film = films[(i * 37) % films.length] as { title: string; director: string | null };
    const word = AZ_WORDS[Math.floor(i / films.length + i) % AZ_WORDS.length] as string;
    const kind = i % 5;
    const first = fold(film.title.split(' ')[0] ?? word);
    const q =
      kind === 0
        ? film.title
        : kind === 1
          ? fold(film.title.toLowerCase()).slice(0, 4 + (i % 5))
          : kind === 2
            ? typo(film.title.toLowerCase())
            : kind === 3
              ? `${film.director ?? first} ${fold(word)}`
              : `${first} ${fold(word)}`;
    const key = q.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    queries.push(q.trim());
  }
  return queries;
}

export async function searchQueries(count = 400): Promise<string[]> {
  const films = await loadDemoFilms();
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const film = films[(i * 37) % films.length] as { title: string; director: string | null };
    const word = AZ_WORDS[i % AZ_WORDS.length] as string;
    const kind = i % 5;
    queries.push(
      kind === 0
        ? film.title
        : kind === 1
          ? fold(word).toLowerCase()
          : kind === 2
            ? typo(film.title.toLowerCase())
            : kind === 3
              ? (film.director ?? word)
              : `${fold(film.title.split(' ')[0] ?? word)} ${fold(word)}`,
    );
  }
  return queries;
}

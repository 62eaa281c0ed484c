import { readVegaMovies } from '../features/films';

export interface DemoFilm {
  title: string;
  year: number | null;
  genres: string[];
  director: string | null;
  overview: string | null;
  rating: number | null;
}

/** The demo's films: the bundled catalogue's (readVegaMovies) with an IMDb rating to give demo members. */
export async function loadDemoFilms(): Promise<DemoFilm[]> {
  const raw = await readVegaMovies();
  const seen = new Set<string>();
  const films: DemoFilm[] = [];
  for (const m of raw) {
    const title = String(m.Title ?? '')
      .trim()
      .slice(0, 200);
    if (!title || seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    const year = Number(m['Release Date']?.match(/\b(18|19|20)\d{2}\b/)?.[0]);
    const genres = [m['Major Genre'], m['Creative Type']].filter((g): g is string => !!g).slice(0, 5);
    const facts = [
      m['MPAA Rating'] && `MPAA: ${m['MPAA Rating']}`,
      m.Distributor && `Yayımçı: ${m.Distributor}`,
    ].filter(Boolean);
    films.push({
      title,
      year: year >= 1870 && year <= 2100 ? year : null,
      genres,
      director: m.Director?.trim() || null,
      overview: facts.length ? facts.join(' · ') : null,
      rating: m['IMDB Rating'] ? Math.min(10, Math.max(1, Math.round(m['IMDB Rating']))) : null,
    });
  }
  return films;
}

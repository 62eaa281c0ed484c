import { readVegaMovies, vegaTitleAndYear } from '../features/films';

export interface DemoFilm {
  title: string;
  year: number | null;
  genres: string[];
  director: string | null;
  overview: string | null;
  rating: number | null;
}

/** The demo's films: the bundled catalogue's (readVegaMovies, vegaTitleAndYear) with an IMDb rating to give demo members. */
export async function loadDemoFilms(): Promise<DemoFilm[]> {
  const raw = await readVegaMovies();
  const seen = new Set<string>();
  const films: DemoFilm[] = [];
  for (const m of raw) {
    const { title, year } = vegaTitleAndYear(m);
    if (!title || seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    const genres = [m['Major Genre'], m['Creative Type']].filter((g): g is string => !!g).slice(0, 5);
    const facts = [
      m['MPAA Rating'] && `MPAA: ${m['MPAA Rating']}`,
      m.Distributor && `Yayımçı: ${m.Distributor}`,
    ].filter(Boolean);
    films.push({
      title,
      year,
      genres,
      director: m.Director?.trim() || null,
      overview: facts.length ? facts.join(' · ') : null,
      rating: m['IMDB Rating'] ? Math.min(10, Math.max(1, Math.round(m['IMDB Rating']))) : null,
    });
  }
  return films;
}

import type { Movie } from '@kinodost/contracts/schemas/movies';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-router';
import { entryOf, friendEntry, makeFilm, makeFilmPage } from '../../test/film-fixtures';
import { makeComment, otherMember, owner, paged } from '../../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp } from '../../test/render';
import { FilmPage } from './film-page';

const film = makeFilm({
  title: 'Amelie',
  original_title: "Le Fabuleux Destin d'Amélie Poulain",
  year: 2001,
  directors: ['Jean-Pierre Jeunet'],
  genres: ['Komediya', 'Melodram'],
  runtime: 122,
  overview: 'Parisdə bir qız başqalarına kömək etməyə qərar verir.',
  poster_url: 'https://img.example/amelie.jpg',
});
const stats = { watched: 3, watchlist: 1, rating_avg: 8.5, rating_count: 2 };
const aysel = { id: '5a0e2b1c-9a55-4c7e-8f0e-3c3b9c1d2e4f', username: 'aysel', avatar_url: null };
const approved = makeComment({ text: 'Çox incə film', author: otherMember });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const renderFilm = (auth = fakeAuth({ isLoggedIn: false, userId: null, username: null })) =>
  renderWithApp(<span />, {
    route: `/film/${film.id}`,
    auth,
    routes: [{ path: '/film/:filmId', element: <FilmPage /> }],
  });

/** Leyla is signed in. */
const asLeyla = () => {
  localStorage.setItem('token', 'leyla-token');
  return fakeAuth();
};

/**
 * The server's film routes for a signed-in member, over one entry that POST/PUT/DELETE
 * /api/movies change, so the page's refetches see what the member did.
 */
const memberServer = (start: Movie | null) => {
  let mine: (Movie & { film_id: string }) | null = start ? { ...start, film_id: film.id } : null;
  const api = stubFetch({
    [`GET /api/films/${film.id}`]: () =>
      jsonResponse(
        makeFilmPage(film, {
          stats,
          mine,
          friends: [friendEntry(otherMember, { rating: 9 }), friendEntry(aysel, { status: 'watchlist' })],
        }),
      ),
    [`GET /api/films/${film.id}/comments`]: () => jsonResponse(paged([approved])),
    'POST /api/movies': ({ body }) => {
      mine = entryOf(film, body as Partial<Movie>);
      return jsonResponse(mine, 201);
    },
    ...(start && {
      [`PUT /api/movies/${start.id}`]: ({ body }) => {
        mine = { ...(mine as Movie & { film_id: string }), ...(body as Partial<Movie>) };
        return jsonResponse(mine);
      },
      [`DELETE /api/movies/${start.id}`]: () => {
        mine = null;
        return jsonResponse({ success: true, message: 'Film silindi' });
      },
    }),
  });
  return api;
};

describe('FilmPage', () => {
  it('shows a visitor the film, its facts, the members’ stats and approved comments', async () => {
    const api = stubFetch({
      [`GET /api/films/${film.id}`]: () => jsonResponse(makeFilmPage(film, { stats })),
      [`GET /api/films/${film.id}/comments`]: () => jsonResponse(paged([approved])),
    });
    renderFilm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Amelie (2001)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '"Amelie" filminin posteri' })).toHaveAttribute(
      'src',
      'https://img.example/amelie.jpg',
    );
    expect(screen.getByText("Le Fabuleux Destin d'Amélie Poulain")).toBeInTheDocument();
    expect(screen.getByText('Jean-Pierre Jeunet')).toBeInTheDocument();
    expect(screen.getByText('Komediya')).toBeInTheDocument();
    expect(screen.getByText('2 saat 2 dəqiqə')).toBeInTheDocument();
    expect(screen.getByText('Parisdə bir qız başqalarına kömək etməyə qərar verir.')).toBeInTheDocument();
    const members = screen.getByRole('region', { name: 'KinoDost üzvləri' });
    expect(members).toHaveTextContent('Orta qiymət: 8,5/10');
    expect(members).toHaveTextContent('(2 qiymət)');
    expect(members).toHaveTextContent('3 nəfər izləyib');
    expect(members).toHaveTextContent('1 nəfər izləmək istəyir');
    expect(screen.getByText(/Filmi kolleksiyanıza əlavə etmək və qiymət vermək üçün/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'İzlənilib' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bu filmi əlavə edən dostlarınız' })).not.toBeInTheDocument();
    expect(await screen.findByText('Çox incə film')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Şərhlər (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Şərhiniz' })).not.toBeInTheDocument();
    // Public calls: no token.
    for (const [, init] of api.fetchMock.mock.calls) expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it('a film without a poster shows the initials placeholder the movie cards use', async () => {
    stubFetch({
      [`GET /api/films/${film.id}`]: () => jsonResponse(makeFilmPage({ ...film, poster_url: null })),
      [`GET /api/films/${film.id}/comments`]: () => jsonResponse(paged([])),
    });
    renderFilm();
    await screen.findByRole('heading', { level: 1, name: 'Amelie (2001)' });
    expect(screen.getByTestId('poster-placeholder')).toHaveTextContent('A');
    expect(screen.getByText('Hələ heç kim qiymət verməyib')).toBeInTheDocument();
  });

  it('reached without a network, says the page waits for it instead of spinning, then shows the film', async () => {
    const api = stubFetch({
      [`GET /api/films/${film.id}`]: () => jsonResponse(makeFilmPage(film, { stats })),
      [`GET /api/films/${film.id}/comments`]: () => jsonResponse(paged([])),
    });
    act(() => onlineManager.setOnline(false));
    try {
      renderFilm();
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent('İnternet bağlantısı yoxdurBağlantı bərpa olunan kimi səhifə özü yüklənəcək.');
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(api.calls()).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByRole('heading', { level: 1, name: 'Amelie (2001)' })).toBeInTheDocument();
    expect(screen.queryByText('İnternet bağlantısı yoxdur')).not.toBeInTheDocument();
  });

  it('an unknown film is a friendly not-found page', async () => {
    stubFetch({
      [`GET /api/films/${film.id}`]: () =>
        jsonResponse({ success: false, error: 'Film kataloqda tapılmadı', code: 'NOT_FOUND' }, 404),
    });
    renderFilm();
    expect(await screen.findByRole('heading', { name: 'Film kataloqda tapılmadı' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana səhifəyə qayıt' })).toHaveAttribute('href', '/');
  });

  it('shows a member the friends who have it, with their ratings and links to their profiles', async () => {
    const api = memberServer(null);
    renderFilm(asLeyla());
    const friends = (await screen.findByRole('heading', { name: 'Bu filmi əlavə edən dostlarınız' })).closest(
      'section',
    ) as HTMLElement;
    const orxan = within(friends).getByRole('link', { name: otherMember.username });
    expect(orxan).toHaveAttribute('href', `/user/${otherMember.id}`);
    const orxanItem = orxan.closest('li') as HTMLElement;
    expect(within(orxanItem).getByRole('img', { name: 'Qiymət: 9/10' })).toBeInTheDocument();
    expect(within(orxanItem).getByText('İzlənilib')).toBeInTheDocument();
    const ayselItem = within(friends).getByRole('link', { name: 'aysel' }).closest('li') as HTMLElement;
    expect(within(ayselItem).getByText('İzləniləcək')).toBeInTheDocument();
    expect(within(ayselItem).getByText('Qiymət verməyib')).toBeInTheDocument();
    // Signed in, the film is asked for with the token (the answer then holds `mine` and `friends`).
    const filmCall = api.fetchMock.mock.calls.find(([url]) => String(url) === `/api/films/${film.id}`);
    expect(new Headers(filmCall?.[1]?.headers).get('authorization')).toBe('Bearer leyla-token');
  });

  it('a member adds the film to their collection in place, by status or by a rating', async () => {
    const api = memberServer(null);
    renderFilm(asLeyla());
    expect(await screen.findByText(/Bu film hələ kolleksiyanızda yoxdur/)).toBeInTheDocument();
    // A rating alone means watched.
    fireEvent.click(screen.getByRole('radio', { name: '8/10' }));
    expect(await screen.findByText('"Amelie" kolleksiyanıza əlavə edildi')).toBeInTheDocument();
    expect(api.bodyOf('POST /api/movies')).toEqual({ film_id: film.id, status: 'watched', rating: 8 });
    // The page reads the film again: the entry is there, with a link to it.
    const entry = await screen.findByRole('link', { name: 'Kolleksiyadakı qeydim' });
    expect(entry).toHaveAttribute('href', expect.stringMatching(/^\/movie\//));
    expect(screen.getByRole('button', { name: 'İzlənilib' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: '8/10' })).toBeChecked();
  });

  it('a member changes the status and rating of their entry with PUT and removes it after confirming', async () => {
    const mine = entryOf(film, { status: 'watchlist', rating: null });
    const api = memberServer(mine);
    renderFilm(asLeyla());
    const watched = await screen.findByRole('button', { name: 'İzlənilib' });
    expect(screen.getByRole('button', { name: 'İzləniləcək' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(watched);
    await waitFor(() => expect(watched).toHaveAttribute('aria-pressed', 'true'));
    expect(api.bodyOf(`PUT /api/movies/${mine.id}`)).toEqual({ status: 'watched' });
    await waitFor(() => expect(screen.getByRole('radio', { name: '7/10' })).toBeEnabled());
    fireEvent.click(screen.getByRole('radio', { name: '7/10' }));
    await waitFor(() => expect(api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(2));
    const puts = api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(puts[1]?.[1]?.body))).toEqual({ rating: 7 });
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Kolleksiyadan çıxar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Film kolleksiyadan çıxarılsın?' });
    expect(api.calls().some((call) => call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Bəli, çıxar' }));
    expect(await screen.findByText('Film kolleksiyanızdan çıxarıldı')).toBeInTheDocument();
    expect(api.calls()).toContain(`DELETE /api/movies/${mine.id}`);
    expect(await screen.findByText(/Bu film hələ kolleksiyanızda yoxdur/)).toBeInTheDocument();
  }, 20_000);

  it("a member comments on the film: posted to the film's comments, awaiting moderation", async () => {
    const api = stubFetch({
      [`GET /api/films/${film.id}`]: () => jsonResponse(makeFilmPage(film, { stats, mine: null, friends: [] })),
      [`GET /api/films/${film.id}/comments`]: () => jsonResponse(paged([])),
      [`POST /api/films/${film.id}/comments`]: ({ body }) =>
        jsonResponse(makeComment({ text: (body as { text: string }).text, status: 'pending', author: owner }), 201),
    });
    renderFilm(asLeyla());
    expect(await screen.findByText('Dostlarınızdan heç kim bu filmi hələ əlavə etməyib.')).toBeInTheDocument();
    const box = await screen.findByRole('textbox', { name: 'Şərhiniz' });
    await userEvent.click(box);
    await userEvent.paste('Sevimli filmim');
    await userEvent.click(screen.getByRole('button', { name: 'Göndər' }));
    expect(await screen.findByText(/Moderator təsdiqlədikdən sonra hamıya görünəcək/)).toBeInTheDocument();
    expect(api.bodyOf(`POST /api/films/${film.id}/comments`)).toEqual({ text: 'Sevimli filmim' });
    const mine = (await screen.findByText('Sevimli filmim')).closest('article') as HTMLElement;
    expect(within(mine).getByText('Təsdiq gözləyir')).toBeInTheDocument();
  });
});

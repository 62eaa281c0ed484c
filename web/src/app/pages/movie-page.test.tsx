import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedKeys } from '../../features/feed/hooks/feed-keys';
import { stubFetch } from '../../test/fetch-router';
import { makeFilm, makeFilmPage } from '../../test/film-fixtures';
import { makeComment, makeMovie, otherMember, owner, paged } from '../../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp } from '../../test/render';
import { MoviePage } from './movie-page';

const movie = makeMovie({
  title: 'Bir Səhər Yeli',
  overview: 'Bakıda bir səhər.',
  genres: ['Dram', 'Tarixi'],
  rating: 9,
  status: 'watched',
});
const approved = makeComment({ movie_id: movie.id, text: 'Çox gözəl film idi', author: otherMember });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const renderMovie = (auth = fakeAuth({ isLoggedIn: false, userId: null, username: null })) =>
  renderWithApp(<span />, {
    route: `/movie/${movie.id}`,
    auth,
    routes: [{ path: '/movie/:movieId', element: <MoviePage /> }],
  });

/** Orxan (not the owner) is logged in. */
const asOrxan = () => {
  localStorage.setItem('token', 'orxan-token');
  return fakeAuth({ userId: otherMember.id, username: otherMember.username });
};

describe('MoviePage', () => {
  it('shows a visitor the movie, its owner and approved comments, and no comment box', async () => {
    const api = stubFetch({
      [`GET /api/movies/${movie.id}`]: () => jsonResponse(movie),
      [`GET /api/movies/${movie.id}/comments`]: () => jsonResponse(paged([approved])),
    });
    renderMovie();
    expect(await screen.findByRole('heading', { level: 1, name: /Bir Səhər Yeli/ })).toBeInTheDocument();
    expect(screen.getByText('Bakıda bir səhər.')).toBeInTheDocument();
    expect(screen.getByText('Rasim Ocaqov')).toBeInTheDocument();
    expect(screen.getByText('Tarixi')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Qiymət: 9/10' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: owner.username })).toHaveAttribute('href', `/user/${owner.id}`);
    expect(await screen.findByText('Çox gözəl film idi')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Şərhlər (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Şərhiniz' })).not.toBeInTheDocument();
    expect(screen.getByText('Şərh yazmaq üçün hesabınıza daxil olun.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Şərhi sil' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redaktə et' })).not.toBeInTheDocument();
    // Public calls: no token.
    for (const [, init] of api.fetchMock.mock.calls) expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it("links an entry of a catalogue film to the film's page", async () => {
    const filmId = '22222222-0000-4000-8000-000000000044';
    stubFetch({
      [`GET /api/movies/${movie.id}`]: () => jsonResponse({ ...movie, film_id: filmId }),
      [`GET /api/movies/${movie.id}/comments`]: () => jsonResponse(paged([])),
    });
    renderMovie();
    expect(await screen.findByRole('link', { name: 'Filmin səhifəsi' })).toHaveAttribute('href', `/film/${filmId}`);
  });

  it('a missing movie is a friendly not-found page', async () => {
    stubFetch({
      [`GET /api/movies/${movie.id}`]: () =>
        jsonResponse({ success: false, error: 'Film tapılmadı', code: 'NOT_FOUND' }, 404),
    });
    renderMovie();
    expect(await screen.findByRole('heading', { name: 'Film tapılmadı' })).toBeInTheDocument();
    expect(screen.getByText('Axtardığınız film mövcud deyil və ya sahibi onu silib.')).toBeInTheDocument();
  });

  it('a member posts a comment and is told it awaits moderation; it shows as pending', async () => {
    const api = stubFetch({
      [`GET /api/movies/${movie.id}`]: () => jsonResponse(movie),
      [`GET /api/movies/${movie.id}/comments`]: () => jsonResponse(paged([approved])),
      [`POST /api/movies/${movie.id}/comments`]: ({ body }) =>
        jsonResponse(
          makeComment({
            movie_id: movie.id,
            text: (body as { text: string }).text,
            status: 'pending',
            author: otherMember,
          }),
          201,
        ),
    });
    renderMovie(asOrxan());
    const box = await screen.findByRole('textbox', { name: 'Şərhiniz' });
    expect(screen.getByRole('button', { name: 'Göndər' })).toBeDisabled();
    await userEvent.type(box, '  Əla film! ');
    expect(screen.getByText('12/1000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Göndər' }));

    expect(await screen.findByText(/Moderator təsdiqlədikdən sonra hamıya görünəcək/)).toBeInTheDocument();
    expect(api.bodyOf(`POST /api/movies/${movie.id}/comments`)).toEqual({ text: 'Əla film!' });
    const mine = (await screen.findByText('Əla film!')).closest('article') as HTMLElement;
    expect(within(mine).getByText('Təsdiq gözləyir')).toBeInTheDocument();
    expect(box).toHaveValue('');
    // Sent with the token so the author's own pending comments come back.
    const listCall = api.fetchMock.mock.calls.find(([url]) => String(url).includes('/comments?'));
    expect(new Headers(listCall?.[1]?.headers).get('authorization')).toBe('Bearer orxan-token');
  });

  it("an admin's own comment comes back approved: told it is published, not that it waits", async () => {
    stubFetch({
      [`GET /api/movies/${movie.id}`]: () => jsonResponse(movie),
      [`GET /api/movies/${movie.id}/comments`]: () => jsonResponse(paged([])),
      [`POST /api/movies/${movie.id}/comments`]: ({ body }) =>
        jsonResponse(
          makeComment({
            movie_id: movie.id,
            text: (body as { text: string }).text,
            status: 'approved',
            author: otherMember,
          }),
          201,
        ),
    });
    localStorage.setItem('token', 'orxan-token');
    renderMovie(fakeAuth({ userId: otherMember.id, username: otherMember.username, isAdmin: true }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Şərhiniz' }), 'Adminin fikri');
    await userEvent.click(screen.getByRole('button', { name: 'Göndər' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Şərhiniz dərc olundu.');
    expect(screen.queryByText(/Moderator təsdiqlədikdən/)).not.toBeInTheDocument();
    const mine = (await screen.findByText('Adminin fikri')).closest('article') as HTMLElement;
    expect(within(mine).queryByText('Təsdiq gözləyir')).not.toBeInTheDocument();
  });

  it("marks the author's own pending comment, and lets them delete it after confirming", async () => {
    const mine = makeComment({ movie_id: movie.id, text: 'Mənim fikrim', status: 'pending', author: otherMember });
    const someoneElse = makeComment({ movie_id: movie.id, text: 'Başqasının fikri', author: owner });
    const api = stubFetch({
      [`GET /api/movies/${movie.id}`]: () => jsonResponse(movie),
      [`GET /api/movies/${movie.id}/comments`]: () => jsonResponse(paged([someoneElse, mine])),
      [`DELETE /api/movies/${movie.id}/comments/${mine.id}`]: () => jsonResponse({ success: true, message: 'Silindi' }),
    });
    renderMovie(asOrxan());
    const own = (await screen.findByText('Mənim fikrim')).closest('article') as HTMLElement;
    const other = screen.getByText('Başqasının fikri').closest('article') as HTMLElement;
    expect(within(own).getByText('Təsdiq gözləyir')).toBeInTheDocument();
    expect(within(other).queryByText('Təsdiq gözləyir')).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: 'Şərhi sil' })).not.toBeInTheDocument();

    await userEvent.click(within(own).getByRole('button', { name: 'Şərhi sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Şərh silinsin?' });
    expect(api.calls().some((call) => call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bəli, sil' }));
    expect(await screen.findByText('Şərh silindi')).toBeInTheDocument();
    expect(api.calls()).toContain(`DELETE /api/movies/${movie.id}/comments/${mine.id}`);
  });

  it('the owner can edit and delete the movie from its page', async () => {
    localStorage.setItem('token', 'leyla-token');
    stubFetch({
      [`GET /api/movies/${movie.id}`]: () => jsonResponse(movie),
      [`GET /api/movies/${movie.id}/comments`]: () => jsonResponse(paged([])),
      [`GET /api/films/${movie.film_id}`]: () =>
        jsonResponse(makeFilmPage(makeFilm({ id: movie.film_id, title: movie.title }), { can_upload_poster: true })),
    });
    renderMovie(fakeAuth());
    await userEvent.click(await screen.findByRole('button', { name: 'Redaktə et' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filmi redaktə et' });
    expect(await within(dialog).findByRole('textbox', { name: /Filmin adı/ })).toHaveValue('Bir Səhər Yeli');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ləğv et' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Hələ şərh yoxdur — ilk fikri siz yazın!')).toBeInTheDocument();
  });

  it('the owner deletes the movie from its page: said plainly, not asked for again, the feed fetched again', async () => {
    localStorage.setItem('token', 'leyla-token');
    const api = stubFetch({
      [`GET /api/movies/${movie.id}`]: () => jsonResponse(movie),
      [`GET /api/movies/${movie.id}/comments`]: () => jsonResponse(paged([])),
      [`DELETE /api/movies/${movie.id}`]: () => jsonResponse({ success: true, message: 'Film silindi' }),
    });
    let feedFetches = 0;
    function FeedProbe() {
      useQuery({ queryKey: [...feedKeys.all, 'probe'], queryFn: () => ++feedFetches });
      return null;
    }
    renderWithApp(<span />, {
      route: `/movie/${movie.id}`,
      auth: fakeAuth(),
      routes: [
        {
          path: '/movie/:movieId',
          element: (
            <>
              <MoviePage />
              <FeedProbe />
            </>
          ),
        },
        { path: '/dashboard', element: <h1>Panel</h1> },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Film silinsin?' });
    // Comments belong to the film: the text does not say they go.
    expect(dialog).toHaveTextContent('Film haqqında yazılmış şərhlər filmin səhifəsində qalır.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bəli, sil' }));
    expect(await screen.findByRole('heading', { name: 'Panel' })).toBeInTheDocument();
    expect(api.calls().filter((c) => c === `GET /api/movies/${movie.id}`)).toHaveLength(1);
    await waitFor(() => expect(feedFetches).toBe(2));
  });
});

import type { Movie } from '@kinodost/contracts/schemas/movies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FilmPage } from '../../../app/pages/film-page';
import { stubFetch } from '../../../test/fetch-router';
import { entryOf, makeFilm, makeFilmPage } from '../../../test/film-fixtures';
import { paged } from '../../../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';

const film = makeFilm({ title: 'Nargis', year: 2024 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'leyla-token');
});

/** Leyla's entry of the film, which PUT changes, each answer held until the test lets it go. */
const server = (start: Movie & { film_id: string }) => {
  let mine = start;
  const answers: Array<() => void> = [];
  const api = stubFetch({
    [`GET /api/films/${film.id}`]: () => jsonResponse(makeFilmPage(film, { mine, friends: [] })),
    [`GET /api/films/${film.id}/comments`]: () => jsonResponse(paged([])),
    [`PUT /api/movies/${start.id}`]: ({ body }) =>
      new Promise<Response>((resolve) => {
        answers.push(() => {
          mine = { ...mine, ...(body as Partial<Movie>) };
          resolve(jsonResponse(mine));
        });
      }),
  });
  const puts = () =>
    api.fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)));
  /** Lets the oldest held PUT answer. */
  const answer = () => answers.shift()?.();
  return { puts, answer };
};

describe('MyFilmEntry', () => {
  it('keeps the keyboard on the stars while a rating is saved, so → can be pressed again', async () => {
    const api = server(entryOf(film, { status: 'watched', rating: 5 }));
    renderWithApp(<span />, {
      route: `/film/${film.id}`,
      auth: fakeAuth(),
      routes: [{ path: '/film/:filmId', element: <FilmPage /> }],
    });
    const five = await screen.findByRole('radio', { name: '5/10' });
    expect(five).toBeChecked();
    five.focus();
    const user = userEvent.setup();

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(api.puts()).toEqual([{ rating: 6 }]));
    // The save is under way: the stars stay where the member is, showing the new value.
    const six = screen.getByRole('radio', { name: '6/10' });
    expect(six).toHaveFocus();
    expect(six).toBeChecked();
    expect(six).toBeEnabled();

    // A second press while the first save is still in flight: shown at once, sent once it is done.
    await user.keyboard('{ArrowRight}');
    const seven = screen.getByRole('radio', { name: '7/10' });
    expect(seven).toHaveFocus();
    expect(seven).toBeChecked();
    api.answer();
    await waitFor(() => expect(api.puts()).toEqual([{ rating: 6 }, { rating: 7 }]));
    api.answer();
    expect(await screen.findAllByText('Yadda saxlanıldı')).not.toHaveLength(0);
    // The page has read the film again: the saved value is the one shown, focus still on it.
    await waitFor(() => expect(screen.getByText('7/10', { selector: 'p' })).toBeInTheDocument());
    expect(screen.getByRole('radio', { name: '7/10' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '7/10' })).toBeChecked();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('rates a film not in the collection yet from the keyboard: added once, then the newer value is saved', async () => {
    let mine: (Movie & { film_id: string }) | null = null;
    const created = entryOf(film, { status: 'watched', rating: 1 });
    let answerPost: () => void = () => {};
    const api = stubFetch({
      [`GET /api/films/${film.id}`]: () => jsonResponse(makeFilmPage(film, { mine, friends: [] })),
      [`GET /api/films/${film.id}/comments`]: () => jsonResponse(paged([])),
      'POST /api/movies': () =>
        new Promise<Response>((resolve) => {
          answerPost = () => {
            mine = created;
            resolve(jsonResponse(created, 201));
          };
        }),
      [`PUT /api/movies/${created.id}`]: ({ body }) => {
        mine = { ...created, ...(body as Partial<Movie>) };
        return jsonResponse(mine);
      },
    });
    renderWithApp(<span />, {
      route: `/film/${film.id}`,
      auth: fakeAuth(),
      routes: [{ path: '/film/:filmId', element: <FilmPage /> }],
    });
    const none = await screen.findByRole('radio', { name: 'Qiymət verilməyib' });
    expect(none).toBeChecked();
    none.focus();
    const user = userEvent.setup();

    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(api.bodyOf('POST /api/movies')).toEqual({ film_id: film.id, status: 'watched', rating: 1 }),
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '2/10' })).toHaveFocus();
    answerPost();
    expect(await screen.findByText('"Nargis" kolleksiyanıza əlavə edildi')).toBeInTheDocument();
    // The second press changes the entry the first one made: one POST, then a PUT of it.
    await waitFor(() => expect(api.bodyOf(`PUT /api/movies/${created.id}`)).toEqual({ rating: 2 }));
    expect(api.calls().filter((call) => call.startsWith('POST'))).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Kolleksiyadakı qeydim' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: '2/10' })).toBeChecked());
    expect(screen.getByRole('radio', { name: '2/10' })).toHaveFocus();
  });

  it('removed from the collection, puts the focus on the control that adds the film again', async () => {
    let mine: (Movie & { film_id: string }) | null = entryOf(film, { status: 'watched', rating: 5 });
    const entryId = mine.id;
    stubFetch({
      [`GET /api/films/${film.id}`]: () => jsonResponse(makeFilmPage(film, { mine, friends: [] })),
      [`GET /api/films/${film.id}/comments`]: () => jsonResponse(paged([])),
      [`DELETE /api/movies/${entryId}`]: () => {
        mine = null;
        return jsonResponse({ success: true, message: 'Silindi' });
      },
    });
    renderWithApp(<span />, {
      route: `/film/${film.id}`,
      auth: fakeAuth(),
      routes: [{ path: '/film/:filmId', element: <FilmPage /> }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Kolleksiyadan çıxar' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bəli, çıxar' }));
    expect(await screen.findByText('Film kolleksiyanızdan çıxarıldı')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Kolleksiyadan çıxar' })).not.toBeInTheDocument());
    // Its button went with the entry: the focus is not left on <body>.
    await waitFor(() => expect(screen.getByRole('button', { name: 'İzlənilib' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'İzlənilib' })).toHaveAttribute('aria-pressed', 'false');
  });
});

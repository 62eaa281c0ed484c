import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIEW_MODE_KEY } from '../../features/movies/hooks/use-view-mode';
import { stubFetch } from '../../test/fetch-router';
import { makeFilm, makeFilmPage } from '../../test/film-fixtures';
import { makeMovie, otherMember, paged } from '../../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp } from '../../test/render';
import { DashboardPage } from './dashboard-page';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
});
afterEach(() => vi.useRealTimers());

/** Focus and paste: one input event instead of one per character (MUI inputs are slow to type into). */
const fill = async (input: HTMLElement, text: string) => {
  await userEvent.click(input);
  await userEvent.paste(text);
};

const renderDashboard = () => renderWithApp(<DashboardPage />, { route: '/dashboard', auth: fakeAuth() });

const nargin = makeMovie({ title: 'Nargin', status: 'watched', rating: 8, poster_url: 'https://img.example/n.jpg' });
const yeli = makeMovie({ title: 'Bir Səhər Yeli', status: 'watchlist', poster_url: null });

describe('DashboardPage', () => {
  it('shows the empty state with an add button when the collection is empty', async () => {
    stubFetch({ 'GET /api/movies': () => jsonResponse(paged([])) });
    renderDashboard();
    expect(await screen.findByText('Hələ heç bir film əlavə etməmisiniz')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Film əlavə et' })).toHaveLength(2);
  });

  it('shows skeletons while loading, then the movies with poster or placeholder', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({ 'GET /api/movies': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderDashboard();
    expect(await screen.findByTestId('movies-skeleton')).toBeInTheDocument();
    await act(async () => answer(jsonResponse(paged([nargin, yeli]))));
    expect(await screen.findByRole('link', { name: /Nargin/ })).toHaveAttribute('href', `/film/${nargin.film_id}`);
    expect(screen.getByRole('img', { name: '"Nargin" filminin posteri' })).toHaveAttribute('src', nargin.poster_url);
    expect(screen.getByTestId('poster-placeholder')).toHaveTextContent('BS');
    expect(screen.getByText('2 film')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Qiymət: 8/10' })).toBeInTheDocument();
    expect(screen.queryByTestId('movies-skeleton')).not.toBeInTheDocument();
  });

  it("links each entry of a catalogue film to the film's page, in both views", async () => {
    const film = { ...nargin, id: makeMovie().id, film_id: '22222222-0000-4000-8000-000000000042' };
    stubFetch({ 'GET /api/movies': () => jsonResponse(paged([film, yeli])) });
    renderDashboard();
    expect(await screen.findByRole('link', { name: /Nargin/ })).toHaveAttribute('href', `/film/${film.film_id}`);
    expect(screen.getByRole('link', { name: /Bir Səhər Yeli/ })).toHaveAttribute('href', `/film/${yeli.film_id}`);
    await userEvent.click(screen.getByRole('button', { name: 'Siyahı görünüşü' }));
    expect(await screen.findByRole('link', { name: 'Nargin' })).toHaveAttribute('href', `/film/${film.film_id}`);
  });

  it('filters by status with the chips', async () => {
    const api = stubFetch({
      'GET /api/movies': ({ url }) =>
        jsonResponse(paged(url.searchParams.get('status') === 'watched' ? [nargin] : [nargin, yeli])),
    });
    renderDashboard();
    await screen.findByText('Bir Səhər Yeli');
    await userEvent.click(screen.getByRole('button', { name: 'İzlənilənlər' }));
    await waitFor(() => expect(screen.queryByText('Bir Səhər Yeli')).not.toBeInTheDocument());
    expect(await screen.findByText('Nargin')).toBeInTheDocument();
    expect(screen.queryByText('Bir Səhər Yeli')).not.toBeInTheDocument();
    expect(api.calls().filter((c) => c.startsWith('GET /api/movies'))).toEqual([
      'GET /api/movies?page=1&limit=20',
      'GET /api/movies?page=1&limit=20&status=watched',
    ]);
    expect(screen.getByRole('button', { name: 'İzlənilənlər' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('loads the next page with "Daha çox göstər"', async () => {
    const first = Array.from({ length: 20 }, (_, i) => makeMovie({ title: `Birinci ${i}` }));
    const api = stubFetch({
      'GET /api/movies': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? jsonResponse(paged([makeMovie({ title: 'Sonuncu' })], 2, 20, 21))
          : jsonResponse(paged(first, 1, 20, 21)),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Daha çox göstər' }));
    expect(await screen.findByText('Sonuncu')).toBeInTheDocument();
    expect(screen.getByText('Birinci 0')).toBeInTheDocument();
    expect(api.calls()).toContain('GET /api/movies?page=2&limit=20');
    expect(screen.queryByRole('button', { name: 'Daha çox göstər' })).not.toBeInTheDocument();
  });

  it('switches to the list view and remembers it', async () => {
    stubFetch({ 'GET /api/movies': () => jsonResponse(paged([nargin])) });
    renderDashboard();
    await screen.findByText('Nargin');
    await userEvent.click(screen.getByRole('button', { name: 'Siyahı görünüşü' }));
    expect(localStorage.getItem(VIEW_MODE_KEY)).toBe('list');
    expect(screen.getByRole('button', { name: 'Siyahı görünüşü' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Rasim Ocaqov/)).toBeInTheDocument();
  });

  it('the add dialog checks the fields, then posts and toasts', async () => {
    const api = stubFetch({
      'GET /api/movies': () => jsonResponse(paged([])),
      'POST /api/movies': ({ body }) => jsonResponse(makeMovie(body as object), 201),
    });
    renderDashboard();
    await screen.findByText('Hələ heç bir film əlavə etməmisiniz');
    await userEvent.click(screen.getAllByRole('button', { name: 'Film əlavə et' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Film əlavə et' });
    const form = within(dialog);
    // Adding starts with the catalogue; a film it lacks goes on to the full form.
    await userEvent.click(form.getByRole('button', { name: 'Kataloqda yoxdur — özüm əlavə edim' }));

    // An http poster would be blocked by the CSP (img-src https:) and show initials: refused here.
    await fill(form.getByLabelText(/Poster ünvanı/), 'http://example.com/p.jpg');
    await fill(form.getByLabelText('Buraxılış ili'), '1850');
    await userEvent.click(form.getByRole('button', { name: 'Əlavə et' }));
    expect(form.getByText('Filmin adını daxil edin')).toBeInTheDocument();
    expect(form.getByText('İl 1870 ilə 2100 arasında tam ədəd olmalıdır')).toBeInTheDocument();
    expect(
      form.getByText(
        'https:// ilə başlayan düzgün şəkil ünvanı daxil edin (http:// ünvanındakı şəkil göstərilə bilməz)',
      ),
    ).toBeInTheDocument();
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);

    await fill(form.getByRole('textbox', { name: /Filmin adı/ }), 'Nargin');
    await userEvent.clear(form.getByLabelText('Buraxılış ili'));
    await fill(form.getByLabelText('Buraxılış ili'), '1998');
    await userEvent.clear(form.getByLabelText(/Poster ünvanı/));
    // A genre the catalogue's list lacks is refused at once; one typed in lower case takes the list's name.
    await userEvent.type(form.getByLabelText('Janrlar'), 'Bədii{Enter}');
    expect(form.getByText('Belə janr siyahıda yoxdur: siyahıdan birini seçin')).toBeInTheDocument();
    await userEvent.clear(form.getByLabelText('Janrlar'));
    await userEvent.type(form.getByLabelText('Janrlar'), 'dram{Enter}');
    await userEvent.click(form.getByRole('button', { name: 'Komediya' }));
    // Rating follows the pointer's position, which happy-dom does not lay out: a plain click.
    fireEvent.click(form.getByRole('radio', { name: '8/10' }));
    await userEvent.click(form.getByRole('radio', { name: 'İzlənilib' }));
    fireEvent.change(form.getByLabelText('İzlədiyiniz tarix'), { target: { value: '2026-02-14' } });
    await userEvent.click(form.getByRole('button', { name: 'Əlavə et' }));

    expect(await screen.findByText('"Nargin" kolleksiyanıza əlavə edildi')).toBeInTheDocument();
    const body = api.bodyOf('POST /api/movies') as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Nargin',
      year: 1998,
      genres: ['Dram', 'Komediya'],
      rating: 8,
      status: 'watched',
    });
    expect(new Date(body.watched_at as string).getDate()).toBe(14);
    expect(body).not.toHaveProperty('director');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it("shows the server's per-field texts under the inputs", async () => {
    stubFetch({
      'GET /api/movies': () => jsonResponse(paged([])),
      'POST /api/movies': () =>
        jsonResponse(
          {
            success: false,
            error: 'Məlumatlar yanlışdır',
            code: 'VALIDATION',
            fields: { title: 'Bu ad qəbul edilmir' },
          },
          400,
        ),
    });
    renderDashboard();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Film əlavə et' }))[0]!);
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Kataloqda yoxdur — özüm əlavə edim' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Filmin adı/ }), 'X');
    await userEvent.click(dialog.getByRole('button', { name: 'Əlavə et' }));
    expect(await dialog.findByText('Bu ad qəbul edilmir')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Filmin adı/ })).toHaveAttribute('aria-invalid', 'true');
  });

  /** The film page of nargin's film: whether its facts are the member's to change. */
  const narginFilm = (mayEdit: boolean) =>
    jsonResponse(
      makeFilmPage(makeFilm({ id: nargin.film_id, title: 'Nargin', directors: ['Rasim Ocaqov'] }), {
        can_upload_poster: mayEdit,
      }),
    );

  it('edits a movie in the same dialog with a PUT', async () => {
    const api = stubFetch({
      'GET /api/movies': () => jsonResponse(paged([nargin])),
      [`GET /api/films/${nargin.film_id}`]: () => narginFilm(true),
      [`PUT /api/movies/${nargin.id}`]: ({ body }) => jsonResponse({ ...nargin, ...(body as object) }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: '"Nargin" filmini redaktə et' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Filmi redaktə et' }));
    expect(await dialog.findByRole('textbox', { name: /Filmin adı/ })).toHaveValue('Nargin');
    fireEvent.click(dialog.getByRole('radio', { name: '10/10' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Film yeniləndi')).toBeInTheDocument();
    expect(api.bodyOf(`PUT /api/movies/${nargin.id}`)).toMatchObject({
      title: 'Nargin',
      rating: 10,
      director: 'Rasim Ocaqov',
    });
  });

  it("a film whose facts are not the member's (a catalogue film) is edited by its status and rating alone", async () => {
    const api = stubFetch({
      'GET /api/movies': () => jsonResponse(paged([nargin])),
      [`GET /api/films/${nargin.film_id}`]: () => narginFilm(false),
      [`PUT /api/movies/${nargin.id}`]: ({ body }) => jsonResponse({ ...nargin, ...(body as object) }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: '"Nargin" filmini redaktə et' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Filmi redaktə et' }));
    await waitFor(() => expect(api.calls()).toContain(`GET /api/films/${nargin.film_id}`));
    expect(
      dialog.getByText('Bu filmin məlumatlarını yalnız onu kataloqa əlavə edən üzv dəyişə bilər'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Nargin')).toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: /Filmin adı/ })).not.toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: /Rejissor/ })).not.toBeInTheDocument();
    fireEvent.click(dialog.getByRole('radio', { name: '10/10' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Film yeniləndi')).toBeInTheDocument();
    expect(api.bodyOf(`PUT /api/movies/${nargin.id}`)).toEqual({
      rating: 10,
      status: 'watched',
      watched_at: nargin.watched_at,
    });
  });

  it('deletes only after confirmation', async () => {
    const api = stubFetch({
      'GET /api/movies': () => jsonResponse(paged([nargin])),
      [`DELETE /api/movies/${nargin.id}`]: () => jsonResponse({ success: true, message: 'Silindi' }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: '"Nargin" filmini sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Film silinsin?' });
    expect(api.calls().some((call) => call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ləğv et' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls().some((call) => call.startsWith('DELETE'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: '"Nargin" filmini sil' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bəli, sil' }));
    expect(await screen.findByText('Film silindi')).toBeInTheDocument();
    expect(api.calls()).toContain(`DELETE /api/movies/${nargin.id}`);
  });

  it('searches every member after typing settles, with the matches marked and the owner shown', async () => {
    const hit = { ...makeMovie({ title: 'Bir Səhər Yeli', owner: otherMember }), score: 0.9 };
    const api = stubFetch({
      'GET /api/movies': () => jsonResponse(paged([nargin])),
      'GET /api/movies/search/seher': () => jsonResponse(paged([hit])),
    });
    renderDashboard();
    await screen.findByText('Nargin');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Film axtar' }), 'seher');
    // Nothing is sent while typing: no request per keystroke.
    expect(api.calls().filter((call) => call.includes('/search/'))).toEqual([]);
    const title = await screen.findByRole('link', { name: 'Bir Səhər Yeli' });
    expect(title.querySelector('mark')).toHaveTextContent(/^Səhər$/);
    expect(api.calls().filter((call) => call.includes('/search/'))).toEqual([
      'GET /api/movies/search/seher?page=1&limit=20',
    ]);
    expect(screen.getByRole('link', { name: 'Əlavə edən: orxan' })).toHaveAttribute('href', `/user/${otherMember.id}`);
    expect(screen.getByText('1 film tapıldı')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Axtarışı təmizlə' }));
    expect(await screen.findByText('Nargin')).toBeInTheDocument();
  });

  it("gives the member's own hits their edit and delete buttons, and no one else's", async () => {
    const mine = { ...makeMovie({ title: 'Səhər Küləyi' }), score: 1 };
    const theirs = { ...makeMovie({ title: 'Bir Səhər Yeli', owner: otherMember }), score: 0.9 };
    let deleted = false;
    const api = stubFetch({
      'GET /api/movies': () => jsonResponse(paged([nargin])),
      'GET /api/movies/search/seher': () => jsonResponse(paged(deleted ? [theirs] : [mine, theirs])),
      [`DELETE /api/movies/${mine.id}`]: () => {
        deleted = true;
        return jsonResponse({ success: true, message: 'Silindi' });
      },
    });
    renderDashboard();
    await screen.findByText('Nargin');
    const box = screen.getByRole('searchbox', { name: 'Film axtar' });
    await userEvent.type(box, 'seher');
    const results = await screen.findByRole('region', { name: 'Bütün kolleksiyalarda "seher" üzrə nəticələr' });
    await within(results).findByRole('link', { name: 'Bir Səhər Yeli' });
    expect(within(results).getByRole('button', { name: '"Səhər Küləyi" filmini redaktə et' })).toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: '"Bir Səhər Yeli" filmini redaktə et' })).toBeNull();
    expect(within(results).queryByRole('button', { name: '"Bir Səhər Yeli" filmini sil' })).toBeNull();

    await userEvent.click(within(results).getByRole('button', { name: '"Səhər Küləyi" filmini sil' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bəli, sil' }));
    expect(await screen.findByText('Film silindi')).toBeInTheDocument();
    expect(api.calls()).toContain(`DELETE /api/movies/${mine.id}`);
    // The results are fetched again without it, and focus goes back to the search field.
    await waitFor(() => expect(within(results).queryByRole('link', { name: 'Səhər Küləyi' })).toBeNull());
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('a search that finds nothing says so once, without a count of 0', async () => {
    stubFetch({
      'GET /api/movies': () => jsonResponse(paged([nargin])),
      'GET /api/movies/search/qwerty': () => jsonResponse(paged([])),
    });
    renderDashboard();
    await screen.findByText('Nargin');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Film axtar' }), 'qwerty');
    // The one message is the one announced.
    expect(await screen.findByText('"qwerty" üzrə heç bir film tapılmadı')).toHaveAttribute('role', 'status');
    expect(screen.getAllByText(/tapıl/)).toHaveLength(1);
    expect(screen.queryByText('0 film tapıldı')).not.toBeInTheDocument();
  });

  it('the bottom bar request opens the add dialog 300 ms after arriving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ 'GET /api/movies': () => jsonResponse(paged([])) });
    const { router } = renderDashboard();
    await act(async () => {
      await router.navigate('/dashboard', { state: { addMovie: Date.now() } });
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.getByRole('dialog', { name: 'Film əlavə et' })).toBeInTheDocument();
  });
});

describe('DashboardPage: the focus after a delete', () => {
  const first = makeMovie({ title: 'Birinci' });
  const middle = makeMovie({ title: 'Ortadakı' });
  const last = makeMovie({ title: 'Sonuncu' });

  /** A collection the DELETEs really shrink. */
  const serve = (start: (typeof first)[]) => {
    let movies = start;
    const handlers: Parameters<typeof stubFetch>[0] = {
      'GET /api/movies': () => jsonResponse(paged(movies)),
      'GET /api/feed': () => jsonResponse({ success: true, data: [], next_cursor: null }),
    };
    for (const movie of start) {
      handlers[`DELETE /api/movies/${movie.id}`] = () => {
        movies = movies.filter((kept) => kept.id !== movie.id);
        return jsonResponse({ success: true, message: 'Silindi' });
      };
    }
    stubFetch(handlers);
  };

  /** Deletes `title`: its delete button (which takes the focus), then "Bəli, sil"; waits for the card to go. */
  const deleteFilm = async (title: string) => {
    await userEvent.click(await screen.findByRole('button', { name: `"${title}" filmini sil` }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bəli, sil' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `"${title}" filmini sil` })).not.toBeInTheDocument(),
    );
  };

  it("moves to the next card's link when a card in the middle goes", async () => {
    serve([first, middle, last]);
    renderDashboard();
    await deleteFilm('Ortadakı');
    await waitFor(() => expect(screen.getByRole('link', { name: /Sonuncu/ })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it("moves to the previous row's link when the last one goes, in the list view too", async () => {
    serve([first, middle, last]);
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Siyahı görünüşü' }));
    await deleteFilm('Sonuncu');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ortadakı' })).toHaveFocus());
  });

  it('moves to the add button when the only card goes', async () => {
    serve([middle]);
    renderDashboard();
    await deleteFilm('Ortadakı');
    expect(await screen.findByText('Hələ heç bir film əlavə etməmisiniz')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Film əlavə et' })[0]).toHaveFocus());
  });

  it('leaves the focus on the delete button when the delete is cancelled', async () => {
    serve([first, middle]);
    renderDashboard();
    const button = await screen.findByRole('button', { name: '"Ortadakı" filmini sil' });
    await userEvent.click(button);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ləğv et' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});

describe('DashboardPage: friends’ activity', () => {
  it('is a column beside the collection on wide screens', async () => {
    stubFetch({
      'GET /api/movies': () => jsonResponse(paged([nargin])),
      'GET /api/feed': () => jsonResponse({ success: true, data: [], next_cursor: null }),
    });
    renderDashboard();
    expect(
      await screen.findByRole('region', { name: 'Dostların fəaliyyəti' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(await screen.findByText('Nargin')).toBeInTheDocument();
  });

  it('is a tab beside the collection on phones', async () => {
    const matchMedia = window.matchMedia.bind(window);
    // Narrower than MUI's md breakpoint: every max-width query matches.
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const list = matchMedia(query);
      if (!/max-width/.test(query)) return list;
      return {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      } as MediaQueryList;
    });
    stubFetch({
      'GET /api/movies': () => jsonResponse(paged([nargin])),
      'GET /api/feed': () => jsonResponse({ success: true, data: [], next_cursor: null }),
    });
    renderDashboard();
    expect(await screen.findByText('Nargin')).toBeInTheDocument();
    const feedTab = await screen.findByRole('tab', { name: 'Dostların fəaliyyəti' });
    expect(screen.getByRole('tab', { name: 'Kolleksiya' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('region', { name: 'Dostların fəaliyyəti' })).not.toBeInTheDocument();
    await userEvent.click(feedTab);
    expect(await screen.findByRole('region', { name: 'Dostların fəaliyyəti' })).toBeInTheDocument();
    expect(await screen.findByText(/Hələ heç bir fəaliyyət yoxdur/)).toBeInTheDocument();
    expect(screen.queryByText('Nargin')).not.toBeInTheDocument();
  });
});

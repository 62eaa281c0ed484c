import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-router';
import { entryOf, makeFilm, searchHit } from '../../../test/film-fixtures';
import { makeMovie, paged } from '../../../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { MovieFormDialog } from './movie-form-dialog';

const titanic = makeFilm({ title: 'Titanic', year: 1997, poster_url: 'https://img.example/titanic.jpg' });
const titanic53 = makeFilm({ title: 'Titanic', year: 1953, directors: ['Jean Negulesco'] });
const tmdbOff = () =>
  jsonResponse({ success: false, error: 'TMDB axtarışı bu serverdə qoşulmayıb', code: 'NOT_FOUND' }, 404);
/** GET /api/site of an install with or without TMDB. */
const siteWith = (tmdb: boolean) => jsonResponse({ social: { instagram: null, facebook: null, x: null }, tmdb });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
});
afterEach(() => vi.useRealTimers());

const renderDialog = () => {
  const onClose = vi.fn();
  renderWithApp(<MovieFormDialog open onClose={onClose} />, { route: '/dashboard', auth: fakeAuth() });
  return { onClose, dialog: within(screen.getByRole('dialog', { name: 'Film əlavə et' })) };
};

/** Focus and paste: one input event, as a settled burst of typing reaches the debounce. */
const fill = async (input: HTMLElement, text: string) => {
  await userEvent.click(input);
  await userEvent.paste(text);
};

const filmSearches = (calls: string[]) => calls.filter((call) => call.startsWith('GET /api/films/search'));
const tmdbSearches = (calls: string[]) => calls.filter((call) => call.startsWith('GET /api/films/tmdb/search'));

describe('MovieFormDialog: adding starts from the catalogue', () => {
  it('opened with a title typed for the member (an unmatched import row) closes without asking; their own change asks', async () => {
    stubFetch({
      'GET /api/site': () => siteWith(false),
      'GET /api/films/search': () => jsonResponse(paged([], 1, 8)),
    });
    const onClose = vi.fn();
    renderWithApp(<MovieFormDialog open onClose={onClose} initialQuery="Parasite" />, {
      route: '/dashboard',
      auth: fakeAuth(),
    });
    const dialog = within(screen.getByRole('dialog', { name: 'Film əlavə et' }));
    const search = dialog.getByRole('searchbox', { name: 'Kataloqda axtar' });
    expect(search).toHaveValue('Parasite');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Yazdıqlarınız atılsın?')).not.toBeInTheDocument();

    onClose.mockClear();
    await userEvent.type(search, ' 2019');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Yazdıqlarınız atılsın?')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('searches the catalogue as the member types, then adds the picked film with status and rating', async () => {
    const api = stubFetch({
      'GET /api/site': () => siteWith(false),
      'GET /api/films/search': () => jsonResponse(paged([searchHit(titanic), searchHit(titanic53, 0.9)], 1, 8)),
      'GET /api/films/tmdb/search': tmdbOff,
      'POST /api/movies': ({ body }) => jsonResponse(entryOf(titanic, body as object), 201),
    });
    const { dialog, onClose } = renderDialog();
    expect(dialog.getByText(/Filmin adını yazmağa başlayın/)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Əlavə et' })).not.toBeInTheDocument();

    await fill(dialog.getByRole('searchbox', { name: 'Kataloqda axtar' }), 'Titanic');
    const pick = await dialog.findByRole('button', { name: '"Titanic (1997)" filmini seç' });
    expect(within(pick).getByRole('img', { name: '"Titanic" filminin posteri' })).toHaveAttribute(
      'src',
      'https://img.example/titanic.jpg',
    );
    expect(within(pick).getByText('1997 · James Cameron')).toBeInTheDocument();
    // The second has no poster: the initials placeholder.
    const other = dialog.getByRole('button', { name: '"Titanic (1953)" filmini seç' });
    expect(within(other).getByTestId('poster-placeholder')).toHaveTextContent('T');
    expect(filmSearches(api.calls())).toEqual(['GET /api/films/search?q=Titanic&page=1&limit=8']);
    // Signed in, the search carries the token: each hit then says whether it is in the collection.
    const searchCall = api.fetchMock.mock.calls.find(([url]) => String(url).includes('/films/search'));
    expect(new Headers(searchCall?.[1]?.headers).get('authorization')).toBe('Bearer member-token');
    expect(within(pick).queryByText('Kolleksiyanızdadır')).not.toBeInTheDocument();

    // This server has no TMDB (GET /api/site): no TMDB section, and TMDB is never asked.
    expect(api.calls()).toContain('GET /api/site');
    expect(dialog.queryByRole('list', { name: 'TMDB-dən' })).not.toBeInTheDocument();
    await fill(dialog.getByRole('searchbox', { name: 'Kataloqda axtar' }), ' 1997');
    await waitFor(() => expect(filmSearches(api.calls())).toHaveLength(2));
    expect(filmSearches(api.calls())[1]).toBe('GET /api/films/search?q=Titanic+1997&page=1&limit=8');
    expect(tmdbSearches(api.calls())).toEqual([]);

    await userEvent.click(await dialog.findByRole('button', { name: '"Titanic (1997)" filmini seç' }));
    expect(dialog.getByText('Seçilmiş film')).toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: /Filmin adı/ })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: 'İzlənilib' }));
    // Rating follows the pointer's position, which happy-dom does not lay out: a plain click.
    fireEvent.click(dialog.getByRole('radio', { name: '9/10' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Əlavə et' }));

    expect(await screen.findByText('"Titanic" kolleksiyanıza əlavə edildi')).toBeInTheDocument();
    expect(api.bodyOf('POST /api/movies')).toEqual({ film_id: titanic.id, status: 'watched', rating: 9 });
    expect(onClose).toHaveBeenCalled();
  }, 20_000);

  it('asks the catalogue once typing has settled for 300 ms, not once per keystroke', async () => {
    const api = stubFetch({
      'GET /api/films/search': () => jsonResponse(paged([searchHit(titanic)], 1, 8)),
      'GET /api/films/tmdb/search': tmdbOff,
    });
    const { dialog } = renderDialog();
    // The clock moves only when told to, so a slow machine cannot make keystrokes look settled.
    vi.useFakeTimers();
    const box = dialog.getByRole('searchbox', { name: 'Kataloqda axtar' });
    for (const typed of ['T', 'Ti', 'Tit', 'Tita', 'Titan', 'Titani', 'Titanic']) {
      fireEvent.change(box, { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(filmSearches(api.calls())).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(filmSearches(api.calls())).toEqual(['GET /api/films/search?q=Titanic&page=1&limit=8']);
    // The answer's rendering is scheduled on the same clock.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(dialog.getByRole('button', { name: '"Titanic (1997)" filmini seç' })).toBeInTheDocument();
  });

  it("lists TMDB's films below the catalogue's when the server has TMDB; picking one imports it first", async () => {
    const imported = makeFilm({ title: 'Titanic II', year: 2010, source: 'tmdb', tmdb_id: 44918, directors: [] });
    const api = stubFetch({
      'GET /api/site': () => siteWith(true),
      'GET /api/films/search': () => jsonResponse(paged([searchHit(titanic)], 1, 8)),
      'GET /api/films/tmdb/search': () =>
        jsonResponse({
          success: true,
          data: [
            // The catalogue's own Titanic, listed above already.
            {
              tmdb_id: 597,
              title: 'Titanic',
              original_title: 'Titanic',
              year: 1997,
              overview: null,
              poster_url: null,
              film_id: titanic.id,
            },
            {
              tmdb_id: 44918,
              title: 'Titanic II',
              original_title: null,
              year: 2010,
              overview: null,
              poster_url: 'https://image.tmdb.example/w500/t2.jpg',
              film_id: null,
            },
          ],
        }),
      'POST /api/films/tmdb/44918': () => jsonResponse(imported, 201),
      'POST /api/movies': ({ body }) => jsonResponse(entryOf(imported, body as object), 201),
    });
    const { dialog } = renderDialog();
    await fill(dialog.getByRole('searchbox', { name: 'Kataloqda axtar' }), 'Titanic');
    const fromTmdb = await dialog.findByRole('list', { name: 'TMDB-dən' });
    const catalogue = dialog.getByRole('list', { name: 'KinoDost kataloqu' });
    expect(within(catalogue).getAllByRole('button')).toHaveLength(1);
    expect(within(fromTmdb).getAllByRole('button')).toHaveLength(1);
    // The catalogue's results come first in the dialog.
    expect(catalogue.compareDocumentPosition(fromTmdb) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(fromTmdb).getByRole('img', { name: '"Titanic II" filminin posteri' })).toBeInTheDocument();

    await userEvent.click(within(fromTmdb).getByRole('button', { name: '"Titanic II (2010)" filmini seç' }));
    expect(await dialog.findByText('Seçilmiş film')).toBeInTheDocument();
    expect(dialog.getByText('Titanic II')).toBeInTheDocument();
    expect(api.calls()).toContain('POST /api/films/tmdb/44918');
    await userEvent.click(dialog.getByRole('button', { name: 'Əlavə et' }));
    expect(await screen.findByText('"Titanic II" kolleksiyanıza əlavə edildi')).toBeInTheDocument();
    expect(api.bodyOf('POST /api/movies')).toEqual({ film_id: imported.id, status: 'watchlist' });
  }, 20_000);

  it('a film already in the collection (409) is said so plainly, with a way to its page', async () => {
    stubFetch({
      'GET /api/films/search': () => jsonResponse(paged([searchHit(titanic)], 1, 8)),
      'GET /api/films/tmdb/search': tmdbOff,
      'POST /api/movies': () =>
        jsonResponse({ success: false, error: 'Bu film artıq kolleksiyanızdadır', code: 'CONFLICT' }, 409),
    });
    const { dialog, onClose } = renderDialog();
    await fill(dialog.getByRole('searchbox', { name: 'Kataloqda axtar' }), 'Titanic');
    await userEvent.click(await dialog.findByRole('button', { name: '"Titanic (1997)" filmini seç' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Əlavə et' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Bu film artıq kolleksiyanızdadır. Statusunu və qiymətini filmin səhifəsində dəyişə bilərsiniz.',
    );
    expect(within(alert).getByRole('link', { name: 'Filmin səhifəsinə keç' })).toHaveAttribute(
      'href',
      `/film/${titanic.id}`,
    );
    // Said once, in the dialog: no toast repeating it.
    expect(screen.getAllByText(/Bu film artıq kolleksiyanızdadır/)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a hit already in the collection says so on its row, and picking it says so at once, with a way to its page', async () => {
    const api = stubFetch({
      'GET /api/films/search': () =>
        jsonResponse(paged([{ ...searchHit(titanic), in_collection: true }, searchHit(titanic53, 0.9)], 1, 8)),
      'GET /api/films/tmdb/search': tmdbOff,
    });
    const { dialog, onClose } = renderDialog();
    await fill(dialog.getByRole('searchbox', { name: 'Kataloqda axtar' }), 'Titanic');
    const owned = await dialog.findByRole('button', { name: '"Titanic (1997)" filmini seç (kolleksiyanızdadır)' });
    expect(within(owned).getByText('Kolleksiyanızdadır')).toBeInTheDocument();
    const other = dialog.getByRole('button', { name: '"Titanic (1953)" filmini seç' });
    expect(within(other).queryByText('Kolleksiyanızdadır')).not.toBeInTheDocument();

    await userEvent.click(owned);
    const alert = dialog.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Bu film artıq kolleksiyanızdadır. Statusunu və qiymətini filmin səhifəsində dəyişə bilərsiniz.',
    );
    expect(within(alert).getByRole('link', { name: 'Filmin səhifəsinə keç' })).toHaveAttribute(
      'href',
      `/film/${titanic.id}`,
    );
    expect(api.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
    // Another film chosen instead: the notice goes.
    await userEvent.click(dialog.getByRole('button', { name: 'Başqa film seç' }));
    await userEvent.click(await dialog.findByRole('button', { name: '"Titanic (1953)" filmini seç' }));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('"not in the catalogue" opens the full form with the typed title', async () => {
    const api = stubFetch({
      'GET /api/films/search': () => jsonResponse(paged([], 1, 8)),
      'GET /api/films/tmdb/search': tmdbOff,
      'POST /api/movies': ({ body }) => jsonResponse(makeMovie(body as object), 201),
    });
    const { dialog } = renderDialog();
    await fill(dialog.getByRole('searchbox', { name: 'Kataloqda axtar' }), 'Nargin');
    expect(await dialog.findByText('"Nargin" kataloqda tapılmadı')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Kataloqda yoxdur — özüm əlavə edim' }));
    expect(dialog.getByRole('textbox', { name: /Filmin adı/ })).toHaveValue('Nargin');
    await fill(dialog.getByLabelText('Buraxılış ili'), '1998');
    await userEvent.click(dialog.getByRole('button', { name: 'Əlavə et' }));
    expect(await screen.findByText('"Nargin" kolleksiyanıza əlavə edildi')).toBeInTheDocument();
    expect(api.bodyOf('POST /api/movies')).toEqual({ title: 'Nargin', year: 1998, status: 'watchlist' });
  });
});

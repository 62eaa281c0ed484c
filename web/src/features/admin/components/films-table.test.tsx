import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { dropFocusOfDisabledControls } from '../../../test/focus-fixup';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { stubViewportWidth } from '../../../test/viewport';
import { FilmsTable } from './films-table';

const film = (id: string, title: string, year: number | null, extra: object = {}) => ({
  id,
  title,
  original_title: null,
  year,
  directors: [],
  genres: [],
  runtime: null,
  overview: null,
  poster_url: null,
  imdb_id: null,
  tmdb_id: null,
  source: 'member',
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const kept = film('11111111-1111-4111-8111-111111111111', 'Titanic', 1997, {
  directors: ['James Cameron'],
  genres: ['Dram', 'Melodram'],
  runtime: 194,
  source: 'catalogue',
});
const dup = film('22222222-2222-4222-8222-222222222222', 'Titanik', 1997);
const page = (data: unknown[]) => ({ success: true, data, page: 1, limit: 20, total: data.length });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const serve = (handlers: Record<string, (url: string, init: RequestInit) => Response | Promise<Response>>) =>
  fetchMock.mockImplementation(async (input, init = {}) => {
    const url = String(input);
    const handler = handlers[`${init.method ?? 'GET'} ${url.split('?')[0]}`];
    if (handler) return handler(url, init);
    return jsonResponse(page([dup, kept]));
  });
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'admin');
});
const admin = () => fakeAuth({ isAdmin: true });
const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

// Typing into MUI's fields is slow on a loaded machine: each test may take up to a minute.
describe('FilmsTable (/admin/films)', { timeout: 60_000 }, () => {
  it('lists the newest films with their facts and searches the catalogue', async () => {
    serve({});
    renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
    const table = await screen.findByRole('table', { name: 'Filmlər cədvəli' });
    expect(await within(table).findByRole('link', { name: 'Titanic (1997)' })).toHaveAttribute(
      'href',
      `/film/${kept.id}`,
    );
    expect(within(table).getByText('James Cameron')).toBeInTheDocument();
    expect(within(table).getByText('Dram, Melodram')).toBeInTheDocument();
    expect(within(table).getByText('Kataloq')).toBeInTheDocument();
    expect(within(table).getByText('Üzv')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/films?page=1&limit=20');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Kataloqda axtar' }), 'titan');
    await waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/admin/films?page=1&limit=20&q=titan'),
    );
  });

  it('pages through the server’s list twenty at a time', async () => {
    serve({ 'GET /api/admin/films': () => jsonResponse({ ...page([dup, kept]), total: 45 }) });
    renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
    expect(await screen.findByText('1–20 / 45')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Səhifə 3' }));
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/admin/films?page=3&limit=20'));
    expect(await screen.findByText('41–45 / 45')).toBeInTheDocument();
  });

  it('sends only the changed facts of an edit, genres from the catalogue list', async () => {
    serve({
      [`PUT /api/admin/films/${kept.id}`]: (_url, init) => jsonResponse({ ...kept, ...JSON.parse(String(init.body)) }),
    });
    renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
    await userEvent.click(await screen.findByRole('button', { name: '"Titanic" filmini redaktə et' }));
    const dialog = screen.getByRole('dialog', { name: 'Filmi redaktə et' });
    expect(within(dialog).getByLabelText('Rejissorlar')).toHaveValue('James Cameron');
    await userEvent.clear(within(dialog).getByLabelText('Orijinal adı'));
    await userEvent.click(within(dialog).getByLabelText('Orijinal adı'));
    await userEvent.paste('Titanic');
    await userEvent.clear(within(dialog).getByLabelText('Müddəti (dəqiqə)'));
    await userEvent.click(within(dialog).getByLabelText('Müddəti (dəqiqə)'));
    await userEvent.paste('195');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Janrlar' }));
    await userEvent.click(screen.getByRole('option', { name: 'Tarixi' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Film yeniləndi')).toBeInTheDocument();
    const [url, init] = calls('PUT')[0] as [string, RequestInit];
    expect(url).toBe(`/api/admin/films/${kept.id}`);
    expect(JSON.parse(String(init.body))).toEqual({
      original_title: 'Titanic',
      genres: ['Dram', 'Melodram', 'Tarixi'],
      runtime: 195,
    });
  });

  it("shows a field's refusal from the server only under its input, not again as a toast", async () => {
    const taken = 'Bu ad qəbul edilmir';
    serve({
      [`PUT /api/admin/films/${kept.id}`]: () =>
        jsonResponse({ success: false, error: taken, code: 'VALIDATION', fields: { title: taken } }, 400),
    });
    const toastError = vi.spyOn(toast, 'error');
    renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
    await userEvent.click(await screen.findByRole('button', { name: '"Titanic" filmini redaktə et' }));
    const dialog = screen.getByRole('dialog', { name: 'Filmi redaktə et' });
    await userEvent.click(within(dialog).getByLabelText(/^Adı/));
    await userEvent.paste(' 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yadda saxla' }));
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Adı/)).toHaveAccessibleDescription(taken);
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.getAllByText(taken)).toHaveLength(1);
  });

  it('refuses an http poster address and a year out of range before sending', async () => {
    serve({});
    renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
    await userEvent.click(await screen.findByRole('button', { name: '"Titanic" filmini redaktə et' }));
    const dialog = screen.getByRole('dialog', { name: 'Filmi redaktə et' });
    await userEvent.click(within(dialog).getByLabelText('Poster ünvanı (URL)'));
    await userEvent.paste('http://example.com/p.jpg');
    await userEvent.clear(within(dialog).getByLabelText('İli'));
    await userEvent.click(within(dialog).getByLabelText('İli'));
    await userEvent.paste('1700');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yadda saxla' }));
    expect(
      within(dialog).getByText(
        'https:// ilə başlayan düzgün şəkil ünvanı daxil edin (http:// ünvanındakı şəkil göstərilə bilməz)',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('İl 1870 ilə 2100 arasında tam ədəd olmalıdır')).toBeInTheDocument();
    expect(calls('PUT')).toHaveLength(0);
  });

  it('merges a duplicate into the picked film after a confirmation that says what moves', async () => {
    serve({
      [`GET /api/films/${dup.id}`]: () =>
        jsonResponse({ ...dup, stats: { watched: 2, watchlist: 1, rating_avg: 8, rating_count: 2 } }),
      'GET /api/admin/films': (url) => jsonResponse(page(url.includes('q=Titanic') ? [kept, dup] : [dup, kept])),
      [`POST /api/admin/films/${dup.id}/merge`]: () => jsonResponse(kept),
    });
    renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
    await userEvent.click(await screen.findByRole('button', { name: '"Titanik" filmini başqa filmlə birləşdir' }));
    const dialog = screen.getByRole('dialog', { name: 'Dublikatı birləşdir' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Saxlanılan film' }), 'Titanic');
    // The duplicate itself is never offered as the film to keep.
    const option = await within(dialog).findByRole('radio', { name: 'Titanic (1997) · James Cameron' });
    expect(within(dialog).queryByRole('radio', { name: /Titanik/ })).not.toBeInTheDocument();
    await userEvent.click(option);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Davam et' }));

    const confirm = await screen.findByRole('dialog', { name: 'Filmlər birləşdirilsin?' });
    await waitFor(() =>
      expect(confirm).toHaveTextContent(
        '"Titanik (1997)" filminin 3 üzv qeydi və bütün şərhləri "Titanic (1997)" filminə keçəcək. ' +
          'Hər iki filmi olan üzvün ən son yenilənmiş qeydi qalacaq. "Titanic (1997)" filmində olmayan məlumatlar ' +
          '(il, müddət, məzmun, poster, janrlar, rejissorlar) ondan götürüləcək, "Titanik (1997)" isə kataloqdan ' +
          'silinəcək. Bu əməliyyatı geri qaytarmaq mümkün deyil.',
      ),
    );
    expect(calls('POST')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Bəli, birləşdir' }));
    expect(
      await screen.findByText('"Titanik (1997)" filmi "Titanic (1997)" filminə birləşdirildi'),
    ).toBeInTheDocument();
    const [url, init] = calls('POST')[0] as [string, RequestInit];
    expect(url).toBe(`/api/admin/films/${dup.id}/merge`);
    expect(JSON.parse(String(init.body))).toEqual({ into: kept.id });
  });

  it("shows the server's refusal of a merge in the dialog", async () => {
    serve({
      'GET /api/admin/films': () => jsonResponse(page([dup, kept])),
      [`GET /api/films/${dup.id}`]: () => jsonResponse({ success: false, error: 'Xəta', code: 'INTERNAL' }, 500),
      [`POST /api/admin/films/${dup.id}/merge`]: () =>
        jsonResponse({ success: false, error: 'Film kataloqda tapılmadı', code: 'NOT_FOUND' }, 404),
    });
    renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
    await userEvent.click(await screen.findByRole('button', { name: '"Titanik" filmini başqa filmlə birləşdir' }));
    const dialog = screen.getByRole('dialog', { name: 'Dublikatı birləşdir' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Saxlanılan film' }), 'Tit');
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Titanic (1997) · James Cameron' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Davam et' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bəli, birləşdir' }));
    const again = await screen.findByRole('dialog', { name: 'Dublikatı birləşdir' });
    expect(await within(again).findByRole('alert')).toHaveTextContent('Film kataloqda tapılmadı');
  });

  it('opened without a network, says so instead of an error, and lists the films once it is back', async () => {
    serve({});
    act(() => onlineManager.setOnline(false));
    try {
      renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
      expect(await screen.findByText('İnternet bağlantısı yoxdur')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(calls('GET')).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(await screen.findByRole('link', { name: 'Titanic (1997)' })).toBeInTheDocument();
    expect(screen.queryByText('İnternet bağlantısı yoxdur')).not.toBeInTheDocument();
  });
});

describe('FilmsTable below 600 px', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each film as a card with its facts, edit and merge in view', async () => {
    serve({});
    stubViewportWidth(390);
    renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
    const card = await screen.findByRole('article', { name: 'Titanic (1997)' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Filmlər cədvəli' })).getAllByRole('article')).toHaveLength(2);
    expect(within(card).getByRole('link', { name: 'Titanic (1997)' })).toHaveAttribute('href', `/film/${kept.id}`);
    expect(within(card).getByText('Rejissor')).toBeInTheDocument();
    expect(within(card).getByText('James Cameron')).toBeInTheDocument();
    expect(within(card).getByText('Dram, Melodram')).toBeInTheDocument();
    expect(within(card).getByText('Kataloq')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '"Titanic" filmini başqa filmlə birləşdir' })).toBeEnabled();
    // A fact the film lacks is left out rather than shown empty.
    const other = screen.getByRole('article', { name: 'Titanik (1997)' });
    expect(within(other).getByText('Üzv')).toBeInTheDocument();
    expect(within(other).queryByText('Rejissor')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: '"Titanic" filmini redaktə et' }));
    expect(await screen.findByRole('dialog', { name: 'Filmi redaktə et' })).toBeInTheDocument();
  });
});

describe('EditFilmDialog: the keyboard focus', { timeout: 60_000 }, () => {
  /** Opens the edit of "Titanic", changes its runtime and presses "Yadda saxla" from the keyboard. */
  const saveByKeyboard = async () => {
    renderWithApp(<FilmsTable />, { route: '/admin/films', auth: admin() });
    await userEvent.click(await screen.findByRole('button', { name: '"Titanic" filmini redaktə et' }));
    const dialog = screen.getByRole('dialog', { name: 'Filmi redaktə et' });
    await userEvent.clear(within(dialog).getByLabelText('Müddəti (dəqiqə)'));
    await userEvent.click(within(dialog).getByLabelText('Müddəti (dəqiqə)'));
    await userEvent.paste('195');
    within(dialog).getByRole('button', { name: 'Yadda saxla' }).focus();
    await userEvent.keyboard('{Enter}');
    return { dialog, saving: await within(dialog).findByRole('button', { name: 'Saxlanılır…' }) };
  };

  it('stays on "Yadda saxla" while saving, then goes to the field the server refused', async () => {
    dropFocusOfDisabledControls();
    const refusal = 'Müddət 1 ilə 2000 dəqiqə arasında tam ədəd olmalıdır';
    let answer: (response: Response) => void = () => {};
    serve({
      [`PUT /api/admin/films/${kept.id}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { dialog, saving } = await saveByKeyboard();
    expect(saving).toHaveFocus();
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(calls('PUT')).toHaveLength(1);
    await act(async () =>
      answer(jsonResponse({ success: false, error: refusal, code: 'VALIDATION', fields: { runtime: refusal } }, 400)),
    );
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Müddəti (dəqiqə)')).toHaveFocus();
  });
});

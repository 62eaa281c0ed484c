import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { sampleNewsletter, summaryOf } from '../testing/sample-newsletters';
import { NewsletterDetail } from './newsletter-detail';
import { NewsletterList } from './newsletter-list';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
const visitor = () => fakeAuth({ isLoggedIn: false, userId: null, username: null });
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('/newsletters', () => {
  it('lists newsletters with dd.MM.yyyy dates, important ones marked, linking to their pages', async () => {
    const items = [sampleNewsletter(1, { is_important: true }), sampleNewsletter(2)].map(summaryOf);
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: items, page: 1, limit: 10, total: 2 }));
    renderWithApp(<NewsletterList />, { route: '/newsletters', auth: visitor() });
    const list = await screen.findByRole('list', { name: 'Yeniliklər siyahısı' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('heading', { name: 'Yenilik 1' })).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('11.03.2025')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Vacib')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText('Vacib')).not.toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', `/newsletters/${items[0]?.id}`);
    // Visitors have no read state to show.
    expect(screen.queryByRole('img', { name: 'Oxunmayıb' })).not.toBeInTheDocument();
    expect(calls()).toEqual(['GET /api/newsletters?page=1&limit=10']);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows members their unread ones and pages through ?page=N', async () => {
    localStorage.setItem('token', 'member-token');
    fetchMock.mockImplementation(async (input) => {
      const page = Number(new URL(String(input), 'http://x').searchParams.get('page'));
      const item = summaryOf(sampleNewsletter(page, { is_viewed: page === 2 }));
      return jsonResponse({ success: true, data: [item], page, limit: 10, total: 25 });
    });
    renderWithApp(<NewsletterList />, { route: '/newsletters', auth: fakeAuth() });
    expect(await screen.findByRole('heading', { name: 'Yenilik 1' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Oxunmayıb' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Səhifə 2' }));
    expect(await screen.findByRole('heading', { name: 'Yenilik 2' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/newsletters?page=2');
    expect(screen.queryByRole('img', { name: 'Oxunmayıb' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Səhifə 3' })).toBeInTheDocument();
    expect(calls()).toContain('GET /api/newsletters?page=2&limit=10');
  });

  it('shows the empty text, and an error with a retry when the fetch fell back', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, data: [], page: 1, limit: 10, total: 0 }));
    const first = renderWithApp(<NewsletterList />, { route: '/newsletters', auth: visitor() });
    expect(await screen.findByText('Hal-hazırda yenilik yoxdur')).toBeInTheDocument();
    first.unmount();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderWithApp(<NewsletterList />, { route: '/newsletters', auth: visitor() });
    expect(await screen.findByText('Yenilikləri yükləmək mümkün olmadı')).toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: true, data: [summaryOf(sampleNewsletter(4))], page: 1, limit: 10, total: 1 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yenidən cəhd et' }));
    expect(await screen.findByRole('heading', { name: 'Yenilik 4' })).toBeInTheDocument();
  });
});

describe('/newsletters/{id}', () => {
  const item = sampleNewsletter(3, {
    title: 'Böyük yenilik',
    content: '## Nə dəyişdi\n\n**Axtarış** daha sürətlidir.\n\n<script>window.__pwned = true</script>',
    is_important: true,
  });

  it('shows the title, the date, the important mark and the rendered Markdown, without running scripts', async () => {
    fetchMock.mockResolvedValue(jsonResponse(item));
    const { container } = renderWithApp(<NewsletterDetail id={item.id} />, { auth: visitor() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Böyük yenilik' })).toBeInTheDocument();
    expect(screen.getByText('Dərc olunub: 13.03.2025')).toBeInTheDocument();
    expect(screen.getByText('Vacib')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Nə dəyişdi' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('Axtarış');
    expect(container.querySelector('script')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Bütün Yeniliklər' })).toHaveAttribute('href', '/newsletters');
    // A visitor marks nothing.
    expect(calls()).toEqual([`GET /api/newsletters/${item.id}`]);
  });

  it('a member opening an unread one marks it viewed once', async () => {
    localStorage.setItem('token', 'member-token');
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? jsonResponse({ success: true, message: 'ok' }) : jsonResponse(item),
    );
    renderWithApp(<NewsletterDetail id={item.id} />, { auth: fakeAuth() });
    await screen.findByRole('heading', { level: 1, name: 'Böyük yenilik' });
    await waitFor(() => expect(calls()).toContain(`POST /api/newsletters/${item.id}/mark-viewed`));
    // The refetch after marking still says unread here; it must not mark again.
    await waitFor(() => expect(calls().filter((c) => c.startsWith('GET')).length).toBeGreaterThanOrEqual(2));
    expect(calls().filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('a member opening one already read sends no mark', async () => {
    localStorage.setItem('token', 'member-token');
    fetchMock.mockResolvedValue(jsonResponse({ ...item, is_viewed: true }));
    renderWithApp(<NewsletterDetail id={item.id} />, { auth: fakeAuth() });
    await screen.findByRole('heading', { level: 1, name: 'Böyük yenilik' });
    expect(calls()).toEqual([`GET /api/newsletters/${item.id}`]);
  });

  it('says so when the newsletter does not exist', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Yenilik tapılmadı', code: 'NOT_FOUND' }, 404));
    renderWithApp(<NewsletterDetail id={item.id} />, { auth: visitor() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Yenilik tapılmadı' })).toBeInTheDocument();
    expect(screen.getByText('Axtardığınız yenilik mövcud deyil və ya silinib.')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { sampleNewsletter, summaryOf } from '../testing/sample-newsletters';
import { NewslettersMenu } from './newsletters-menu';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
});

/** Serves the popup's calls: count, latest, mark-viewed. */
function serve({
  count,
  latest,
  latestResponse,
  markResponse,
}: {
  count: number;
  latest: ReturnType<typeof summaryOf>[];
  latestResponse?: () => Promise<Response>;
  markResponse?: () => Promise<Response>;
}) {
  fetchMock.mockImplementation(async (input, init = {}) => {
    const url = String(input);
    if (url.startsWith('/api/newsletters/unread-count')) return jsonResponse({ success: true, count });
    if (url.startsWith('/api/newsletters/latest')) {
      return latestResponse ? latestResponse() : jsonResponse({ success: true, data: latest });
    }
    if (init.method === 'POST' && url.endsWith('/mark-viewed')) {
      if (markResponse) return markResponse();
      return jsonResponse({ success: true, message: 'Yenilik oxunmuş kimi qeyd edildi' });
    }
    return jsonResponse({ success: false, error: 'Tapılmadı', code: 'NOT_FOUND' }, 404);
  });
}

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

const openPopup = async (count: number) => {
  const label = count > 0 ? `Yeniliklər: ${count} oxunmamış` : 'Yeniliklər';
  await userEvent.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: 'Yeniliklər' });
};

describe('the newsletter popup', () => {
  it('asks for the unread count and the 5 latest with a _t cache-buster, with the token', async () => {
    serve({ count: 2, latest: [] });
    renderWithApp(<NewslettersMenu />, { auth: fakeAuth() });
    expect(await screen.findByRole('button', { name: 'Yeniliklər: 2 oxunmamış' })).toBeInTheDocument();
    await waitFor(() => expect(calls().some((c) => c.startsWith('GET /api/newsletters/latest'))).toBe(true));
    expect(calls().find((c) => c.includes('unread-count'))).toMatch(/^GET \/api\/newsletters\/unread-count\?_t=\d+$/);
    expect(calls().find((c) => c.includes('latest'))).toMatch(/^GET \/api\/newsletters\/latest\?limit=5&_t=\d+$/);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer member-token');
  });

  it('shows three skeleton rows while loading', async () => {
    serve({ count: 1, latest: [], latestResponse: () => new Promise<Response>(() => {}) });
    renderWithApp(<NewslettersMenu />, { auth: fakeAuth() });
    const popup = await openPopup(1);
    const loading = within(popup).getByTestId('newsletters-loading');
    expect(loading.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
    expect(within(popup).queryByText('Hal-hazırda yenilik yoxdur')).not.toBeInTheDocument();
  });

  it("shows 'Hal-hazırda yenilik yoxdur' when there is nothing unread, and a 400px list", async () => {
    serve({ count: 0, latest: [] });
    renderWithApp(<NewslettersMenu />, { auth: fakeAuth() });
    await waitFor(() => expect(calls().some((c) => c.includes('latest'))).toBe(true));
    const popup = await openPopup(0);
    expect(await within(popup).findByText('Hal-hazırda yenilik yoxdur')).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'Bütün Yeniliklər' })).toHaveAttribute('href', '/newsletters');
    const scroller = within(popup).getByText('Hal-hazırda yenilik yoxdur').parentElement as HTMLElement;
    expect(getComputedStyle(scroller).maxHeight).toBe('400px');
  });

  it('lists at most 5, each with its title, dd.MM.yyyy date and unread dot; important ones stand out', async () => {
    const items = [1, 2, 3, 4, 5, 6].map((n) => summaryOf(sampleNewsletter(n, { is_important: n === 2 })));
    serve({ count: 6, latest: items });
    renderWithApp(<NewslettersMenu />, { auth: fakeAuth() });
    const popup = await openPopup(6);
    const buttons = await within(popup).findAllByRole('button', { name: /Yenilik \d/ });
    expect(buttons).toHaveLength(5);
    expect(within(popup).queryByText('Yenilik 6')).not.toBeInTheDocument();
    const first = buttons[0] as HTMLElement;
    expect(within(first).getByText('Yenilik 1')).toBeInTheDocument();
    expect(within(first).getByText('11.03.2025')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Oxunmayıb' })).toBeInTheDocument();
    const important = buttons[1] as HTMLElement;
    expect(important).toHaveAttribute('data-important', 'true');
    expect(within(important).getByText('Vacib')).toBeInTheDocument();
    expect(first).not.toHaveAttribute('data-important');
    expect(within(first).queryByText('Vacib')).not.toBeInTheDocument();
  });

  it('opening an item marks it viewed, drops it and the count, closes the popup and goes to /newsletters/{id}', async () => {
    const items = [1, 2, 3].map((n) => summaryOf(sampleNewsletter(n)));
    // mark-viewed stays in flight, so what changes is the client's own doing, not a refetch.
    serve({ count: 3, latest: items, markResponse: () => new Promise<Response>(() => {}) });
    renderWithApp(<NewslettersMenu />, { auth: fakeAuth(), route: '/dashboard' });
    const popup = await openPopup(3);
    await userEvent.click(await within(popup).findByRole('button', { name: /Yenilik 2/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Yeniliklər' })).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(`/newsletters/${items[1]?.id}`);
    expect(calls()).toContain(`POST /api/newsletters/${items[1]?.id}/mark-viewed`);
    expect(screen.getByRole('button', { name: 'Yeniliklər: 2 oxunmamış' })).toBeInTheDocument();
    // Reopened, the list no longer holds it.
    const again = await openPopup(2);
    expect(
      within(again)
        .getAllByRole('button', { name: /Yenilik \d/ })
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Yenilik 1'), expect.stringContaining('Yenilik 3')]);
  });

  it('the opened item is gone from the list and the badge stays lowered once the server agrees', async () => {
    const items = [1, 2, 3].map((n) => summaryOf(sampleNewsletter(n)));
    let read = false;
    fetchMock.mockImplementation(async (input, init = {}) => {
      const url = String(input);
      if (init.method === 'POST') {
        read = true;
        return jsonResponse({ success: true, message: 'ok' });
      }
      if (url.includes('unread-count')) return jsonResponse({ success: true, count: read ? 2 : 3 });
      return jsonResponse({ success: true, data: read ? [items[0], items[2]] : items });
    });
    renderWithApp(<NewslettersMenu />, { auth: fakeAuth() });
    let popup = await openPopup(3);
    await userEvent.click(await within(popup).findByRole('button', { name: /Yenilik 2/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    popup = await openPopup(2);
    expect(
      within(popup)
        .getAllByRole('button', { name: /Yenilik \d/ })
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Yenilik 1'), expect.stringContaining('Yenilik 3')]);
  });

  it('never lowers the count below 0', async () => {
    const items = [summaryOf(sampleNewsletter(1))];
    serve({ count: 0, latest: items });
    renderWithApp(<NewslettersMenu />, { auth: fakeAuth() });
    await waitFor(() => expect(calls().some((c) => c.includes('latest'))).toBe(true));
    const popup = await openPopup(0);
    await userEvent.click(await within(popup).findByRole('button', { name: /Yenilik 1/ }));
    await waitFor(() => expect(calls().some((c) => c.startsWith('POST'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Yeniliklər' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /oxunmamış/ })).not.toBeInTheDocument();
    // No badge at all (not -1, and no hidden 0 either).
    const icon = screen.getByRole('button', { name: 'Yeniliklər' });
    expect(icon.querySelector('.MuiBadge-badge')).toBeNull();
    expect(icon).toHaveTextContent(/^$/);
  });

  it('failures fall back to an empty popup and a zero badge', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithApp(<NewslettersMenu />, { auth: fakeAuth() });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const popup = await openPopup(0);
    expect(await within(popup).findByText('Hal-hazırda yenilik yoxdur')).toBeInTheDocument();
  });

  it('refreshes every 5 minutes and when the window regains focus', async () => {
    serve({ count: 1, latest: [] });
    renderWithApp(<NewslettersMenu />, { auth: fakeAuth() });
    await screen.findByRole('button', { name: 'Yeniliklər: 1 oxunmamış' });
    const counts = () => calls().filter((c) => c.includes('unread-count')).length;
    expect(counts()).toBe(1);
    // Focus refetches a stale query; make it stale without waiting 30 s.
    const { focusManager } = await import('@tanstack/react-query');
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(counts()).toBe(2));
    vi.useRealTimers();
    focusManager.setFocused(undefined);
  });
});

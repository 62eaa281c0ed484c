import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { jsonResponse } from '../../../test/render';
import { createNewsletter } from './create-newsletter';
import { deleteNewsletter } from './delete-newsletter';
import { getLatestNewsletters } from './get-latest-newsletters';
import { getNewsletter } from './get-newsletter';
import { getUnreadCount } from './get-unread-count';
import { listAllNewsletters } from './list-all-newsletters';
import { listNewsletters } from './list-newsletters';
import { markNewsletterViewed } from './mark-newsletter-viewed';
import { updateNewsletter } from './update-newsletter';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
});

const call = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  const headers = new Headers(init.headers);
  return {
    url,
    method: init.method,
    body: init.body,
    auth: headers.get('authorization'),
    type: headers.get('content-type'),
  };
};
const ID = '00000000-0000-4000-8000-000000000001';

describe('newsletter calls', () => {
  it('list pages with defaults 1 and 10; latest asks for 5 with _t; the count carries _t', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, data: [], count: 0 }));
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    await listNewsletters();
    await listNewsletters({ page: 3, limit: 10 });
    await getLatestNewsletters();
    await getUnreadCount();
    expect(call(0)).toMatchObject({
      url: '/api/newsletters?page=1&limit=10',
      method: 'GET',
      auth: 'Bearer member-token',
    });
    expect(call(0).type).toBe('application/json');
    expect(call(1).url).toBe('/api/newsletters?page=3&limit=10');
    expect(call(2).url).toBe('/api/newsletters/latest?limit=5&_t=1700000000000');
    expect(call(3).url).toBe('/api/newsletters/unread-count?_t=1700000000000');
  });

  it('reads one, marks it viewed, and the admin calls', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await getNewsletter(ID);
    await markNewsletterViewed(ID);
    await listAllNewsletters({ page: 2, limit: 20 });
    await createNewsletter({ title: 'Başlıq', content: '**Mətn**', is_important: true });
    await updateNewsletter(ID, { is_important: false });
    await deleteNewsletter(ID);
    expect(call(0)).toMatchObject({ method: 'GET', url: `/api/newsletters/${ID}` });
    expect(call(1)).toMatchObject({ method: 'POST', url: `/api/newsletters/${ID}/mark-viewed` });
    expect(call(2)).toMatchObject({ method: 'GET', url: '/api/newsletters/admin/all?page=2&limit=20' });
    expect(call(3)).toMatchObject({
      method: 'POST',
      url: '/api/newsletters/admin/create',
      body: '{"title":"Başlıq","content":"**Mətn**","is_important":true}',
    });
    expect(call(4)).toMatchObject({
      method: 'PUT',
      url: `/api/newsletters/admin/${ID}`,
      body: '{"is_important":false}',
    });
    expect(call(5)).toMatchObject({ method: 'DELETE', url: `/api/newsletters/admin/${ID}` });
  });
});

describe('failures', () => {
  it('a failed fetch gives {success:false, data:[]}, a failed count {success:false, count:0}', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(listNewsletters()).resolves.toEqual({ success: false, data: [] });
    await expect(getLatestNewsletters()).resolves.toEqual({ success: false, data: [] });
    await expect(listAllNewsletters({ page: 1, limit: 10 })).resolves.toEqual({ success: false, data: [] });
    await expect(getUnreadCount()).resolves.toEqual({ success: false, count: 0 });
  });

  it('a server error also falls back, and the error is logged', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: false, error: 'Daxili server xətası baş verdi', code: 'INTERNAL' }, 500),
    );
    await expect(getLatestNewsletters()).resolves.toEqual({ success: false, data: [] });
    await expect(getUnreadCount()).resolves.toEqual({ success: false, count: 0 });
    expect(console.error).toHaveBeenCalled();
  });

  it('a 401 removes the token and goes to /login?expired=true, then falls back', async () => {
    const handler = vi.fn();
    const uninstall = setUnauthorizedHandler(handler);
    try {
      fetchMock.mockImplementation(async () =>
        jsonResponse({ success: false, error: 'Sessiya etibarsızdır', code: 'UNAUTHORIZED' }, 401),
      );
      await expect(getUnreadCount()).resolves.toEqual({ success: false, count: 0 });
      expect(localStorage.getItem('token')).toBeNull();
      expect(handler).toHaveBeenCalledWith('/login?expired=true');
    } finally {
      uninstall();
    }
  });

  it("single calls reject with the server's text, 'Server əlçatan deyil' without an answer", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, error: 'Yenilik tapılmadı', code: 'NOT_FOUND' }, 404),
    );
    await expect(getNewsletter(ID)).rejects.toMatchObject({ message: 'Yenilik tapılmadı', status: 404 });
    // A POST that got no answer is sent once more (lib/api-client.ts) before it fails.
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(markNewsletterViewed(ID)).rejects.toMatchObject({ message: 'Server əlçatan deyil' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, code: 'X' }, 500));
    await expect(deleteNewsletter(ID)).rejects.toMatchObject({ message: 'Bilinməyən xəta' });
  });

  it('a cancelled fetch is not turned into data', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
        ),
    );
    const pending = listNewsletters({}, controller.signal);
    controller.abort(new DOMException('gone', 'AbortError'));
    await expect(pending).rejects.toBeDefined();
  });
});

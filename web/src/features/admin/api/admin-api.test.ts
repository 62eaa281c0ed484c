import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { getAdminStats } from './get-admin-stats';
import { listUsers } from './list-users';
import { setUserAdmin } from './set-user-admin';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'admin-token');
});

describe('admin calls', () => {
  it('stats come from GET /api/stats/admin with the Bearer token', async () => {
    const series = [{ date: '2026-01-01', signups: 1, movies: 2, comments: 3 }];
    const stats = {
      userCount: 42,
      pendingCommentCount: 5,
      movieCount: 7,
      filmCount: 6,
      commentCount: 9,
      activeToday: 2,
      activeThisWeek: 4,
      series,
    };
    fetchMock.mockResolvedValue(jsonResponse(stats));
    await expect(getAdminStats()).resolves.toEqual(stats);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/stats/admin');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer admin-token');
    fetchMock.mockResolvedValue(jsonResponse(stats));
    await getAdminStats(undefined, 90);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/stats/admin?days=90');
  });

  it('stats yield zeros on failure instead of an error', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Xəta', code: 'INTERNAL' }, 500));
    const zeros = {
      userCount: 0,
      pendingCommentCount: 0,
      movieCount: 0,
      filmCount: 0,
      commentCount: 0,
      activeToday: 0,
      activeThisWeek: 0,
      series: [],
    };
    await expect(getAdminStats()).resolves.toEqual(zeros);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(getAdminStats()).resolves.toEqual(zeros);
  });

  it('stats from an older server without the series still read as counts and an empty series', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ userCount: 3, pendingCommentCount: 1 }));
    await expect(getAdminStats()).resolves.toEqual({
      userCount: 3,
      pendingCommentCount: 1,
      movieCount: 0,
      filmCount: 0,
      commentCount: 0,
      activeToday: 0,
      activeThisWeek: 0,
      series: [],
    });
  });

  it('the user list sends page, limit, q and sort', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: [], page: 2, limit: 20, total: 0 }));
    await listUsers({ page: 2, limit: 20, q: 'ley la', sort: '-username' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/all?page=2&limit=20&q=ley+la&sort=-username');
  });

  it('the admin flag is a PUT of {isAdmin}; the last-admin refusal comes back as the server text', async () => {
    const refusal = { success: false, error: 'Sonuncu admin hüququndan məhrum edilə bilməz', code: 'CONFLICT' };
    fetchMock.mockResolvedValue(jsonResponse(refusal, 409));
    await expect(setUserAdmin('u-1', false)).rejects.toEqual(refusal);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/u-1/admin');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"isAdmin":false}');
  });
});

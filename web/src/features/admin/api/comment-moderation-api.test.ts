import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { approveComment } from './approve-comment';
import { bulkModerateComments } from './bulk-moderate-comments';
import { deleteAdminComment } from './delete-admin-comment';
import { listAdminComments } from './list-admin-comments';
import { rejectComment } from './reject-comment';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'admin-token');
});

const call = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return { url, method: init.method, body: init.body, auth: new Headers(init.headers).get('authorization') };
};

describe('comment moderation calls', () => {
  it('lists the queue with page, limit and status', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, data: [], page: 2, limit: 20, total: 0 }));
    await listAdminComments({ page: 2, limit: 20, status: 'rejected' });
    expect(call()).toMatchObject({ url: '/api/admin/comments?page=2&limit=20&status=rejected', method: 'GET' });
    expect(call().auth).toBe('Bearer admin-token');
  });

  it('approves, rejects and deletes one comment', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, count: 1 }));
    await expect(approveComment('c-1')).resolves.toEqual({ success: true, count: 1 });
    await rejectComment('c-2');
    await deleteAdminComment('c-3');
    expect([call(0), call(1), call(2)].map(({ url, method }) => `${method} ${url}`)).toEqual([
      'PUT /api/admin/comments/c-1/approve',
      'PUT /api/admin/comments/c-2/reject',
      'DELETE /api/admin/comments/c-3',
    ]);
  });

  it('sends a bulk action as {ids, action}', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, count: 2 }));
    await expect(bulkModerateComments({ ids: ['a', 'b'], action: 'delete' })).resolves.toEqual({
      success: true,
      count: 2,
    });
    expect(call()).toMatchObject({
      url: '/api/admin/comments/bulk',
      method: 'POST',
      body: '{"ids":["a","b"],"action":"delete"}',
    });
  });

  it("throws the server's error body (family a)", async () => {
    const body = { success: false, error: 'Şərh tapılmadı', code: 'NOT_FOUND' };
    fetchMock.mockResolvedValue(jsonResponse(body, 404));
    await expect(approveComment('gone')).rejects.toEqual(body);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { createComment } from './create-comment';
import { deleteComment } from './delete-comment';
import { listComments } from './list-comments';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const call = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return { url, method: init.method, body: init.body, auth: new Headers(init.headers).get('authorization') };
};

describe('comment calls', () => {
  it('lists with the token when logged in (own pending ones), without it for a visitor', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, data: [], page: 1, limit: 20, total: 0 }));
    await listComments({ kind: 'movie', id: 'm-1' }, { page: 1, limit: 20 });
    localStorage.setItem('token', 'member-token');
    await listComments({ kind: 'movie', id: 'm-1' }, { page: 2, limit: 20 });
    expect(call(0)).toMatchObject({ url: '/api/movies/m-1/comments?page=1&limit=20', auth: null });
    expect(call(1)).toMatchObject({ url: '/api/movies/m-1/comments?page=2&limit=20', auth: 'Bearer member-token' });
  });

  it('posts {text} and deletes by movie and comment id', async () => {
    localStorage.setItem('token', 'member-token');
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await createComment({ kind: 'movie', id: 'm-1' }, 'Əla film!');
    await deleteComment('m-1', 'c-1');
    expect(call(0)).toMatchObject({ method: 'POST', url: '/api/movies/m-1/comments', body: '{"text":"Əla film!"}' });
    expect(call(1)).toMatchObject({ method: 'DELETE', url: '/api/movies/m-1/comments/c-1' });
  });

  it("a film's comments are read and written under /api/films", async () => {
    localStorage.setItem('token', 'member-token');
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, data: [], page: 1, limit: 20, total: 0 }));
    await listComments({ kind: 'film', id: 'f-1' }, { page: 1, limit: 20 });
    await createComment({ kind: 'film', id: 'f-1' }, 'Əla film!');
    expect(call(0)).toMatchObject({ url: '/api/films/f-1/comments?page=1&limit=20', auth: 'Bearer member-token' });
    expect(call(1)).toMatchObject({ method: 'POST', url: '/api/films/f-1/comments', body: '{"text":"Əla film!"}' });
  });

  it("a 429 comes back as the server's text", async () => {
    localStorage.setItem('token', 'member-token');
    const body = { success: false, error: 'Çox tez-tez şərh yazırsınız', code: 'RATE_LIMITED' };
    fetchMock.mockResolvedValue(jsonResponse(body, 429));
    await expect(createComment({ kind: 'movie', id: 'm-1' }, 'a')).rejects.toEqual(body);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { createMovie } from './create-movie';
import { deleteMovie } from './delete-movie';
import { getMovie } from './get-movie';
import { listMyMovies } from './list-my-movies';
import { listUserMovies } from './list-user-movies';
import { searchMovies } from './search-movies';
import { updateMovie } from './update-movie';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
});

const call = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return { url, method: init.method, body: init.body, auth: new Headers(init.headers).get('authorization') };
};
const emptyPage = { success: true, data: [], page: 1, limit: 20, total: 0 };

describe('movie calls', () => {
  it('lists my movies with page, limit and the status filter, with the token', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(emptyPage));
    await listMyMovies({ page: 2, limit: 20, status: 'watched' });
    await listMyMovies({ page: 1, limit: 20 });
    expect(call(0)).toMatchObject({ url: '/api/movies?page=2&limit=20&status=watched', auth: 'Bearer member-token' });
    expect(call(1).url).toBe('/api/movies?page=1&limit=20');
  });

  it('URL-encodes the search query as one path segment', async () => {
    fetchMock.mockResolvedValue(jsonResponse(emptyPage));
    await searchMovies('Səhər / 100% ?&#', { page: 1, limit: 20 });
    expect(call().url).toBe('/api/movies/search/S%C9%99h%C9%99r%20%2F%20100%25%20%3F%26%23?page=1&limit=20');
    expect(call().auth).toBe('Bearer member-token');
  });

  it('reads a movie and a member list with the token when signed in: the owner’s visibility decides', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(emptyPage));
    await getMovie('m-1');
    await listUserMovies('u-1', { page: 3, limit: 12 });
    expect(call(0)).toMatchObject({ url: '/api/movies/m-1', auth: 'Bearer member-token' });
    expect(call(1)).toMatchObject({ url: '/api/movies/user/u-1?page=3&limit=12', auth: 'Bearer member-token' });
  });

  it('creates with POST, updates with PUT and deletes with DELETE', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await createMovie({ title: 'Nargin', status: 'watchlist' });
    await updateMovie('m-1', { rating: 9 });
    await deleteMovie('m-1');
    expect(call(0)).toMatchObject({
      method: 'POST',
      url: '/api/movies',
      body: '{"title":"Nargin","status":"watchlist"}',
    });
    expect(call(1)).toMatchObject({ method: 'PUT', url: '/api/movies/m-1', body: '{"rating":9}' });
    expect(call(2)).toMatchObject({ method: 'DELETE', url: '/api/movies/m-1' });
  });

  it('throws the validation body as it is, with its per-field texts (family a)', async () => {
    const body = { success: false, error: 'Yanlış məlumat', code: 'VALIDATION', fields: { title: 'Boş ola bilməz' } };
    fetchMock.mockResolvedValue(jsonResponse(body, 400));
    await expect(createMovie({ title: '' })).rejects.toEqual(body);
  });

  it("a 404 is the server's text; a non-JSON failure is 'Server cavab vermədi'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, error: 'Film tapılmadı', code: 'NOT_FOUND' }, 404));
    await expect(getMovie('x')).rejects.toMatchObject({ error: 'Film tapılmadı' });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(searchMovies('a', { page: 1, limit: 20 })).rejects.toMatchObject({ message: 'Server cavab vermədi' });
  });
});

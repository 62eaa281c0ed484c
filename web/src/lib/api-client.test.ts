import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  errorMessage,
  newIdempotencyKey,
  REQUEST_TIMEOUT_MS,
  setUnauthorizedHandler,
  socialRequest,
} from './api-client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

let fetchMock: ReturnType<typeof vi.fn>;
let redirect: Mock<(target: string) => void>;
let uninstall: () => void;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  redirect = vi.fn<(target: string) => void>();
  uninstall = setUnauthorizedHandler(redirect);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  uninstall();
  vi.useRealTimers();
});

const headersOfCall = (index = 0): Headers => {
  const init = fetchMock.mock.calls[index]?.[1] as RequestInit;
  return new Headers(init.headers);
};

/** Matches the whole message, so a longer text cannot pass. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Captures what a promise rejects with (plain objects included). */
const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
};

describe('apiRequest (user, movie and stats calls)', () => {
  it('throws the server error body itself when it has a string error field', async () => {
    const body = { success: false, error: 'İstifadəçi adı artıq mövcuddur', code: 'CONFLICT' };
    fetchMock.mockResolvedValue(json(body, 409));
    const error = await rejectionOf(apiRequest('/auth/register', { method: 'POST', body: {}, auth: false }));
    expect(error).toEqual(body);
    expect(error).not.toBeInstanceOf(Error);
    expect(console.error).toHaveBeenCalled();
  });

  it('throws an Error with the message field when there is no string error field', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Yanlış sorğu', error: 42 }, 400));
    const error = await rejectionOf(apiRequest('/movies'));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Yanlış sorğu');
  });

  it("falls back to 'API xətası' for JSON without error or message", async () => {
    fetchMock.mockResolvedValue(json({ success: false }, 500));
    await expect(apiRequest('/movies')).rejects.toThrow(exactly('API xətası'));
  });

  it("gives 'Server cavab vermədi' for a non-JSON body", async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    await expect(apiRequest('/movies')).rejects.toThrow(exactly('Server cavab vermədi'));
  });

  it("gives 'Cavabı emal etmək mümkün olmadı' when the JSON body cannot be read", async () => {
    fetchMock.mockResolvedValue(
      new Response('{"error": "kəsik', { status: 500, headers: { 'content-type': 'application/json' } }),
    );
    await expect(apiRequest('/movies')).rejects.toThrow(exactly('Cavabı emal etmək mümkün olmadı'));
  });

  it("gives 'Bilinməyən xəta' when nothing is known (no response at all)", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejectionOf(apiRequest('/movies'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('Bilinməyən xəta');
    expect(console.error).toHaveBeenCalled();
  });

  it("gives 'Serverdan gelen cavab emal edilemedi.' for an unparseable success body", async () => {
    fetchMock.mockResolvedValue(
      new Response('not json', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await expect(apiRequest('/movies')).rejects.toThrow(exactly('Serverdan gelen cavab emal edilemedi.'));
  });

  it('treats an empty success body as an empty object', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest('/user/avatar', { method: 'DELETE' })).resolves.toEqual({});
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    await expect(apiRequest('/movies')).resolves.toEqual({});
  });

  it('returns the parsed body on success and sends JSON', async () => {
    fetchMock.mockResolvedValue(json({ token: 'abc' }));
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: { username: 'a', password: 'b' }, auth: false }),
    ).resolves.toEqual({ token: 'abc' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"username":"a","password":"b"}');
    expect(headersOfCall().get('content-type')).toBe('application/json');
  });

  it('sends the stored token as a Bearer header on authenticated calls', async () => {
    localStorage.setItem('token', 'tok-1');
    fetchMock.mockResolvedValue(json({ id: '1' }));
    await apiRequest('/user/profile');
    expect(headersOfCall().get('authorization')).toBe('Bearer tok-1');
  });

  it('sends no token on calls marked public (login, register, reset, public profiles)', async () => {
    localStorage.setItem('token', 'tok-1');
    fetchMock.mockResolvedValue(json({ token: 't' }));
    await apiRequest('/auth/login', { method: 'POST', body: {}, auth: false });
    expect(headersOfCall().has('authorization')).toBe(false);
  });

  it('sends no Authorization header when no token is stored', async () => {
    fetchMock.mockResolvedValue(json({}));
    await apiRequest('/user/profile');
    expect(headersOfCall().has('authorization')).toBe(false);
  });

  it('on 401 of an authenticated call removes the token and sends the person to the login page', async () => {
    localStorage.setItem('token', 'tok-1');
    const body = { success: false, error: 'Sessiya etibarsızdır', code: 'UNAUTHORIZED' };
    fetchMock.mockResolvedValue(json(body, 401));
    await expect(rejectionOf(apiRequest('/user/profile'))).resolves.toEqual(body);
    expect(localStorage.getItem('token')).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/login?expired=true');
  });

  it('on 403 of an authenticated call removes the token and goes to /login', async () => {
    localStorage.setItem('token', 'tok-1');
    fetchMock.mockResolvedValue(json({ success: false, error: 'Qadağandır', code: 'FORBIDDEN' }, 403));
    await rejectionOf(apiRequest('/user/all'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/login');
  });

  it('a 401 from login itself only reports the error', async () => {
    localStorage.setItem('token', 'old');
    const body = { success: false, error: 'İstifadəçi adı və ya şifrə yanlışdır', code: 'UNAUTHORIZED' };
    fetchMock.mockResolvedValue(json(body, 401));
    const error = await rejectionOf(apiRequest('/auth/login', { method: 'POST', body: {}, auth: false }));
    expect(errorMessage(error)).toBe('İstifadəçi adı və ya şifrə yanlışdır');
    expect(localStorage.getItem('token')).toBe('old');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('times out after 15 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = rejectionOf(apiRequest('/movies'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    const signal = (fetchMock.mock.calls[0] as [string, RequestInit])[1].signal as AbortSignal;
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    const error = await pending;
    expect((error as Error).message).toBe('Bilinməyən xəta');
  });

  it('sends FormData without a JSON content type', async () => {
    fetchMock.mockResolvedValue(json({ id: '1' }));
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiRequest('/user/avatar', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    expect(headersOfCall().has('content-type')).toBe(false);
  });
});

describe("apiRequest with an answer requested already (index.html's early profile request)", () => {
  it('reads that answer and sends nothing', async () => {
    const profile = await apiRequest('/user/profile', { response: Promise.resolve(json({ username: 'aysel' })) });
    expect(profile).toEqual({ username: 'aysel' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies the same rules to it: a 401 ends the session', async () => {
    localStorage.setItem('token', 'tok-1');
    const body = { success: false, error: 'Sessiya etibarsızdır', code: 'UNAUTHORIZED' };
    const error = await rejectionOf(apiRequest('/user/profile', { response: Promise.resolve(json(body, 401)) }));
    expect(error).toEqual(body);
    expect(localStorage.getItem('token')).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/login?expired=true');
  });

  it("a request that failed on the way gives 'Bilinməyən xəta'", async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    const error = await rejectionOf(apiRequest('/user/profile', { response: failed }));
    expect((error as Error).message).toBe('Bilinməyən xəta');
  });

  it("stops waiting when the caller's signal aborts, with the caller's reason, and logs no failure", async () => {
    const controller = new AbortController();
    const pending = rejectionOf(
      apiRequest('/user/profile', { response: new Promise<Response>(() => {}), signal: controller.signal }),
    );
    const reason = new DOMException('unmounted', 'AbortError');
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('times out after 15 seconds like a request of its own, logged as a failure', async () => {
    vi.useFakeTimers();
    const pending = rejectionOf(apiRequest('/user/profile', { response: new Promise<Response>(() => {}) }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(((await pending) as Error).message).toBe('Bilinməyən xəta');
    expect(console.error).toHaveBeenCalledWith('[api] GET /api/user/profile failed:', expect.any(Error));
  });
});

describe('socialRequest (friend and newsletter calls)', () => {
  it('always sends JSON and the Bearer header', async () => {
    localStorage.setItem('token', 'tok-2');
    fetchMock.mockResolvedValue(json({ success: true, data: [] }));
    await expect(socialRequest('/friends')).resolves.toEqual({ success: true, data: [] });
    const [url] = fetchMock.mock.calls[0] as [string];
    expect(url).toBe('/api/friends');
    expect(headersOfCall().get('authorization')).toBe('Bearer tok-2');
    expect(headersOfCall().get('content-type')).toBe('application/json');
  });

  it.each([401, 403])(
    'on %i logs, removes the token, redirects to /login?expired=true and rejects with the server text',
    async (status) => {
      localStorage.setItem('token', 'tok-2');
      fetchMock.mockResolvedValue(json({ success: false, error: 'Token etibarsızdır', code: 'X' }, status));
      await expect(socialRequest('/friends')).rejects.toThrow(exactly('Token etibarsızdır'));
      expect(localStorage.getItem('token')).toBeNull();
      expect(redirect).toHaveBeenCalledWith('/login?expired=true');
      expect(console.error).toHaveBeenCalled();
    },
  );

  it("on 401 without a server text rejects with 'Sessiyanın müddəti bitib, yenidən daxil olun'", async () => {
    localStorage.setItem('token', 'tok-2');
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    await expect(socialRequest('/newsletters/unread-count')).rejects.toThrow(
      exactly('Sessiyanın müddəti bitib, yenidən daxil olun'),
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/login?expired=true');
  });

  it('other errors give the server error field', async () => {
    fetchMock.mockResolvedValue(json({ success: false, error: 'Artıq göndərilib', code: 'CONFLICT' }, 409));
    await expect(socialRequest('/friends/request/1', { method: 'POST' })).rejects.toThrow(exactly('Artıq göndərilib'));
    expect(redirect).not.toHaveBeenCalled();
  });

  it('other errors give the message field when there is no error field', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Tapılmadı' }, 404));
    await expect(socialRequest('/newsletters/9')).rejects.toThrow(exactly('Tapılmadı'));
  });

  it("other errors without a text give 'Bilinməyən xəta'", async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500, headers: { 'content-type': 'text/plain' } }));
    await expect(socialRequest('/friends')).rejects.toThrow(exactly('Bilinməyən xəta'));
  });

  it('logs no failure for an error answer whose caller cancelled while its body came', async () => {
    // As fetch does: the answer's headers have come, and aborting its signal errors the body.
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) => {
      const body = new ReadableStream({
        start: (stream) => init.signal?.addEventListener('abort', () => stream.error(init.signal?.reason)),
      });
      return new Response(body, { status: 409, headers: { 'content-type': 'application/json' } });
    });
    const controller = new AbortController();
    const pending = rejectionOf(socialRequest('/friends/request/u1', { method: 'POST', signal: controller.signal }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort(new DOMException('unmounted', 'AbortError'));
    expect(await pending).toBeInstanceOf(Error);
    expect(console.error).not.toHaveBeenCalled();
  });

  it("no response gives 'Server əlçatan deyil'", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(socialRequest('/friends')).rejects.toThrow(exactly('Server əlçatan deyil'));
    expect(console.error).toHaveBeenCalled();
  });

  it("a timeout after 15 seconds gives 'Server əlçatan deyil'", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = rejectionOf(socialRequest('/friends'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(((await pending) as Error).message).toBe('Server əlçatan deyil');
  });
});

describe('Idempotency-Key on POST (docs/reliability.md "Rolling restart")', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it.each([
    ['apiRequest', () => apiRequest('/movies', { method: 'POST', body: { title: 'Nabat' } })],
    ['socialRequest', () => socialRequest('/friends/request/u1', { method: 'POST' })],
  ])('%s sends a fresh key with every POST', async (_name, send) => {
    fetchMock.mockImplementation(async () => json({ id: 'm1' }, 201));
    await send();
    await send();
    const [first, second] = [headersOfCall(0).get('Idempotency-Key'), headersOfCall(1).get('Idempotency-Key')];
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });

  it.each([
    ['apiRequest', () => apiRequest<{ id: string }>('/movies', { method: 'POST', body: { title: 'Nabat' } })],
    ['socialRequest', () => socialRequest<{ id: string }>('/friends/request/u1', { method: 'POST' })],
  ])('%s sends a POST that got no answer once more, with the same key and body', async (_name, send) => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json({ id: 'm1' }, 201));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await send()).toEqual({ id: 'm1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOfCall(1).get('Idempotency-Key')).toBe(headersOfCall(0).get('Idempotency-Key'));
    const bodies = fetchMock.mock.calls.map((call) => (call[1] as RequestInit).body);
    expect(bodies[1]).toBe(bodies[0]);
  });

  it('tries a POST at most twice: a second lost answer is the error it always was', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = await rejectionOf(apiRequest('/movies', { method: 'POST', body: { title: 'Nabat' } }));
    expect((error as Error).message).toBe('Bilinməyən xəta');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not send an answered POST again, nor a read, nor a request its caller cancelled', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, error: 'Xidmət müvəqqəti əlçatan deyil', code: 'X' }, 503));
    await rejectionOf(apiRequest('/movies', { method: 'POST', body: { title: 'Nabat' } }));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset().mockRejectedValue(new TypeError('Failed to fetch'));
    await rejectionOf(apiRequest('/movies'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(headersOfCall(0).has('Idempotency-Key')).toBe(false);

    fetchMock.mockReset();
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await rejectionOf(apiRequest('/movies', { method: 'POST', body: { title: 'Nabat' }, signal: controller.signal }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('makes a version 4 UUID without crypto.randomUUID (plain HTTP is not a secure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(a: T) => real.getRandomValues(a) });
    expect(newIdempotencyKey()).toMatch(UUID);
  });
});

describe('each request sent from a task of its own (scheduler.yield)', () => {
  it.each([
    ['apiRequest', () => apiRequest('/movies')],
    ['socialRequest', () => socialRequest('/friends')],
  ])('%s calls fetch only once the browser has had its turn', async (_name, send) => {
    let turn: () => void = () => {};
    const yieldMock = vi.fn(() => new Promise<void>((resolve) => (turn = resolve)));
    vi.stubGlobal('scheduler', { yield: yieldMock });
    fetchMock.mockResolvedValue(json({ items: [] }));
    const pending = send();
    await Promise.resolve();
    expect(yieldMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
    turn();
    await expect(pending).resolves.toEqual({ items: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not send a request its caller cancelled while it waited for its turn', async () => {
    let turn: () => void = () => {};
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => (turn = resolve)) });
    const controller = new AbortController();
    const pending = apiRequest('/movies', { signal: controller.signal });
    const reason = new DOMException('gone', 'AbortError');
    controller.abort(reason);
    turn();
    expect(await rejectionOf(pending)).toBe(reason);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
  });
});

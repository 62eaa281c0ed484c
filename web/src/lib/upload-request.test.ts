import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS, setUnauthorizedHandler, uploadRequest } from './api-client';

/** A stand-in for the browser's XMLHttpRequest: the test plays the server. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseType = '';
  responseHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, body: string, contentType = 'application/json') {
    this.status = status;
    this.responseText = body;
    this.responseHeaders['content-type'] = contentType;
    this.onload?.();
  }
}

let redirect: ReturnType<typeof vi.fn<(target: string) => void>>;
let uninstall: () => void;
beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  redirect = vi.fn<(target: string) => void>();
  uninstall = setUnauthorizedHandler(redirect);
  localStorage.setItem('token', 'tok');
});
afterEach(() => {
  uninstall();
  vi.useRealTimers();
});

const form = () => {
  const data = new FormData();
  data.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
  return data;
};

describe('uploadRequest (avatar upload with progress)', () => {
  it('posts the form with the Bearer header, reports progress and resolves with the body', async () => {
    const progress: number[] = [];
    const data = form();
    const pending = uploadRequest('/user/avatar', data, { onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/user/avatar']);
    expect(xhr.headers.authorization).toBe('Bearer tok');
    expect(xhr.body).toBe(data);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    xhr.respond(200, '{"id":"1","avatar_url":"/uploads/a.webp"}');
    await expect(pending).resolves.toEqual({ id: '1', avatar_url: '/uploads/a.webp' });
    expect(progress).toEqual([25, 100]);
  });

  it('follows the same error catalogue: the server body with a string error is thrown as is', async () => {
    const pending = uploadRequest('/user/avatar', form());
    const body = { success: false, error: 'Şəkil 5 MB-dan böyükdür', code: 'PAYLOAD_TOO_LARGE' };
    FakeXhr.last.respond(413, JSON.stringify(body));
    await expect(pending).rejects.toEqual(body);
    expect(console.error).toHaveBeenCalled();
  });

  it("a non-JSON error body gives 'Server cavab vermədi'", async () => {
    const pending = uploadRequest('/user/avatar', form());
    FakeXhr.last.respond(502, '<html></html>', 'text/html');
    await expect(pending).rejects.toThrow(/^Server cavab vermədi$/);
  });

  it("a network failure gives 'Bilinməyən xəta'", async () => {
    const pending = uploadRequest('/user/avatar', form());
    FakeXhr.last.onerror?.();
    await expect(pending).rejects.toThrow(/^Bilinməyən xəta$/);
  });

  it('a 401 removes the token and ends the session', async () => {
    const pending = uploadRequest('/user/avatar', form());
    FakeXhr.last.respond(401, '{"success":false,"error":"Sessiya bitib","code":"UNAUTHORIZED"}');
    await expect(pending).rejects.toMatchObject({ error: 'Sessiya bitib' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/login?expired=true');
  });

  it('gives up after 15 seconds without progress', async () => {
    vi.useFakeTimers();
    const pending = uploadRequest('/user/avatar', form()).catch((error: unknown) => error);
    const xhr = FakeXhr.last;
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1000);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 }); // still moving: the clock restarts
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(xhr.aborted).toBe(true);
    expect(((await pending) as Error).message).toBe('Bilinməyən xəta');
  });
});

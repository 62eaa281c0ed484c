import { BOOT_SCRIPT, EARLY_PROFILE_GLOBAL } from '@kinodost/contracts/boot-script';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyProfileResponse } from './early-profile';

type Scope = Record<string, unknown>;
const scope = globalThis as unknown as Scope;

/** Runs index.html's boot script as the browser does, before the app. */
const runBootScript = () => new Function(BOOT_SCRIPT)();

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
  vi.stubGlobal('fetch', fetchMock);
  document.documentElement.removeAttribute('data-member');
});

afterEach(() => {
  delete scope[EARLY_PROFILE_GLOBAL];
  localStorage.clear();
});

describe('the boot script (index.html)', () => {
  it('with a stored token asks for the profile at once, with that token, and marks the page a member’s', () => {
    localStorage.setItem('token', 'tok-1');
    runBootScript();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/profile');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok-1');
    expect(new Headers(init.headers).get('accept')).toBe('application/json');
    expect(document.documentElement.dataset.member).toBe('');
    expect(scope[EARLY_PROFILE_GLOBAL]).toMatchObject({ token: 'tok-1' });
  });

  it('without a token asks for nothing', () => {
    runBootScript();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(scope[EARLY_PROFILE_GLOBAL]).toBeUndefined();
    expect(document.documentElement.dataset.member).toBeUndefined();
  });

  it('leaves no unhandled rejection when the request fails and the app never reads it', async () => {
    localStorage.setItem('token', 'tok-1');
    // A plain function: a vi.fn() would itself handle the promise it returns (its settledResults).
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    runBootScript();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('takeEarlyProfileResponse', () => {
  it('gives the boot script’s answer once', async () => {
    localStorage.setItem('token', 'tok-1');
    runBootScript();
    const response = takeEarlyProfileResponse();
    expect(await response).toBeInstanceOf(Response);
    expect(takeEarlyProfileResponse()).toBeUndefined();
  });

  it('gives nothing when the stored token is no longer the one it was sent with', () => {
    localStorage.setItem('token', 'tok-1');
    runBootScript();
    localStorage.setItem('token', 'tok-2');
    expect(takeEarlyProfileResponse()).toBeUndefined();
    expect(scope[EARLY_PROFILE_GLOBAL]).toBeUndefined();
  });

  it('gives nothing when there was no early request', () => {
    localStorage.setItem('token', 'tok-1');
    expect(takeEarlyProfileResponse()).toBeUndefined();
  });
});

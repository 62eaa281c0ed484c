import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers/app-providers';
import { jsonResponse, LocationProbe, sampleProfile, testQueryClient } from '../../test/render';
import { type AuthState, useAuth } from './auth-context';
import { onSessionEnd } from './auth-events';
import { AuthProvider } from './auth-provider';

let auth: AuthState;
function Probe() {
  auth = useAuth();
  return (
    <dl>
      <dd data-testid="loading">{String(auth.isLoadingAuth)}</dd>
      <dd data-testid="logged-in">{String(auth.isLoggedIn)}</dd>
      <dd data-testid="username">{auth.username ?? '-'}</dd>
      <dd data-testid="user-id">{auth.userId ?? '-'}</dd>
      <dd data-testid="admin">{String(auth.isAdmin)}</dd>
      <dd data-testid="avatar">{auth.avatar ?? '-'}</dd>
    </dl>
  );
}

const start = (path = '/') => {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AuthProvider>
            <Probe />
            <LocationProbe />
          </AuthProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
};

const text = (id: string) => screen.getByTestId(id).textContent;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

describe('AuthProvider', () => {
  it('without a stored token is logged out at once and asks nothing', () => {
    start();
    expect(text('loading')).toBe('false');
    expect(text('logged-in')).toBe('false');
    expect(text('username')).toBe('-');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a token is loading, then logged in with the profile', async () => {
    localStorage.setItem('token', 'good');
    fetchMock.mockResolvedValue(jsonResponse({ ...sampleProfile, isAdmin: true }));
    start('/dashboard');
    expect(text('loading')).toBe('true');
    expect(text('logged-in')).toBe('false');
    await waitFor(() => expect(text('logged-in')).toBe('true'));
    expect(text('loading')).toBe('false');
    expect(text('username')).toBe('leyla');
    expect(text('user-id')).toBe(sampleProfile.id);
    expect(text('admin')).toBe('true');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/profile');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer good');
    expect(text('location')).toBe('/dashboard');
  });

  it('on the way in renders its consumers twice: loading, then signed in with the profile', async () => {
    localStorage.setItem('token', 'good');
    fetchMock.mockResolvedValue(jsonResponse(sampleProfile));
    const seen: string[] = [];
    function Consumer() {
      const { isLoadingAuth, isLoggedIn, username } = useAuth();
      seen.push(`${isLoadingAuth ? 'loading' : isLoggedIn ? 'in' : 'out'}:${username ?? '-'}`);
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <AuthProvider>
              <Consumer />
            </AuthProvider>
          ),
        },
      ],
      {
        initialEntries: ['/dashboard'],
      },
    );
    render(
      <AppProviders queryClient={testQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(seen.at(-1)).toBe('in:leyla'));
    // The profile's arrival and the fetching flag are not renders of their own for the page.
    expect(seen).toEqual(['loading:-', 'in:leyla']);
  });

  it('when the profile fails at start removes the token, clears identity and goes to /login', async () => {
    localStorage.setItem('token', 'stale');
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Xəta', code: 'INTERNAL' }, 500));
    start('/profile');
    await waitFor(() => expect(text('location')).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(text('logged-in')).toBe('false');
    expect(text('loading')).toBe('false');
    expect(text('username')).toBe('-');
  });

  it('when the profile answers 401 at start ends the session and shows the expired notice route', async () => {
    localStorage.setItem('token', 'revoked');
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, error: 'Token etibarsızdır', code: 'UNAUTHORIZED' }, 401),
    );
    start('/friends');
    await waitFor(() => expect(text('location')).toMatch(/^\/login/));
    expect(localStorage.getItem('token')).toBeNull();
    expect(text('logged-in')).toBe('false');
  });

  it('login stores the token, is logged in at once, loads the profile and goes to /dashboard', async () => {
    fetchMock.mockResolvedValue(jsonResponse(sampleProfile));
    start('/login');
    act(() => auth.login('fresh'));
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(text('logged-in')).toBe('true');
    expect(text('loading')).toBe('false');
    await waitFor(() => expect(text('location')).toBe('/dashboard'));
    await waitFor(() => expect(text('username')).toBe('leyla'));
  });

  it('a profile failure after login is only logged: still logged in, token kept', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Xəta', code: 'INTERNAL' }, 500));
    start('/login');
    act(() => auth.login('fresh'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(text('logged-in')).toBe('true');
    expect(text('location')).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it('logout removes the token, clears identity, runs the session cleanups and goes to /login', async () => {
    localStorage.setItem('token', 'good');
    fetchMock.mockResolvedValue(jsonResponse(sampleProfile));
    const cleanup = vi.fn();
    const unregister = onSessionEnd(cleanup);
    start('/dashboard');
    await waitFor(() => expect(text('logged-in')).toBe('true'));
    act(() => auth.logout());
    expect(localStorage.getItem('token')).toBeNull();
    expect(text('logged-in')).toBe('false');
    expect(text('username')).toBe('-');
    expect(text('user-id')).toBe('-');
    expect(cleanup).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(text('location')).toBe('/login'));
    unregister();
  });

  it('setAvatar updates the avatar locally without a request', async () => {
    localStorage.setItem('token', 'good');
    fetchMock.mockResolvedValue(jsonResponse(sampleProfile));
    start();
    await waitFor(() => expect(text('logged-in')).toBe('true'));
    const calls = fetchMock.mock.calls.length;
    act(() => auth.setAvatar('/uploads/avatars/new.webp'));
    await waitFor(() => expect(text('avatar')).toBe('/uploads/avatars/new.webp'));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('a 401 on a later authenticated call ends the session', async () => {
    localStorage.setItem('token', 'good');
    fetchMock.mockResolvedValueOnce(jsonResponse(sampleProfile));
    start('/dashboard');
    await waitFor(() => expect(text('logged-in')).toBe('true'));
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: false, error: 'Token etibarsızdır', code: 'UNAUTHORIZED' }, 401),
    );
    await act(async () => {
      await auth.refreshProfile();
    });
    await waitFor(() => expect(text('location')).toBe('/login?expired=true'));
    expect(text('logged-in')).toBe('false');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

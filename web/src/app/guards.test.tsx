import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, expect, it, vi } from 'vitest';
import { type AuthState, useAuth } from '../lib/auth/auth-context';
import { AuthProvider } from '../lib/auth/auth-provider';
import { jsonResponse, LocationProbe, sampleProfile, testQueryClient } from '../test/render';
import { RequireAdmin, RequireAuth } from './guards';
import { AppProviders } from './providers/app-providers';

let auth: AuthState;
function Grab() {
  auth = useAuth();
  return <p>guarded page</p>;
}
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'good');
});

it.each([
  ['RequireAuth', '/profile', RequireAuth, sampleProfile],
  ['RequireAdmin', '/admin', RequireAdmin, { ...sampleProfile, isAdmin: true }],
] as const)(
  '%s keeps /login?expired=true when a 401 ends the session on a guarded page',
  async (_name, path, Guard, profile) => {
    fetchMock.mockResolvedValueOnce(jsonResponse(profile));
    const router = createMemoryRouter(
      [
        {
          element: (
            <AuthProvider>
              <Outlet />
              <LocationProbe />
            </AuthProvider>
          ),
          children: [
            {
              path,
              element: (
                <Guard>
                  <Grab />
                </Guard>
              ),
            },
            { path: '/login', element: <p>login page</p> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <AppProviders queryClient={testQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findByText('guarded page');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, error: 'x', code: 'UNAUTHORIZED' }, 401));
    await act(async () => {
      await auth.refreshProfile();
    });
    await screen.findByText('login page');
    // A guard that redirected to a plain /login would drop the flag (and the notice) here.
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/login?expired=true'),
    );
  },
);

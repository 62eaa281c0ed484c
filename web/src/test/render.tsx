import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers/app-providers';
import { AuthContext, type AuthState } from '../lib/auth/auth-context';

/** An auth state for components under test; a logged-in member unless overridden. */
export const fakeAuth = (overrides: Partial<AuthState> = {}): AuthState => ({
  isLoggedIn: true,
  isLoadingAuth: false,
  userId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  username: 'leyla',
  avatar: null,
  isAdmin: false,
  profile: null,
  isProfileLoading: false,
  loginPath: '/login',
  login: vi.fn(),
  logout: vi.fn(),
  setAvatar: vi.fn(),
  setProfile: vi.fn(),
  refreshProfile: vi.fn(async () => {}),
  ...overrides,
});

export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });

/** Shows where the router is, so tests can assert navigations. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

interface Options {
  /** Start path (default '/'). */
  route?: string;
  /** Replace the real AuthProvider with a fixed state. */
  auth?: AuthState;
  /** Extra routes next to the catch-all that renders `ui`. */
  routes?: RouteObject[];
}

/** Renders `ui` on every path inside the app providers and a memory router. */
export function renderWithApp(ui: ReactElement, { route = '/', auth, routes = [] }: Options = {}) {
  const element = (
    <>
      {ui}
      <LocationProbe />
    </>
  );
  const router = createMemoryRouter([...routes, { path: '*', element }], { initialEntries: [route] });
  const provider = <RouterProvider router={router} />;
  // Context passes through the router, so every route (extra ones included) sees the fake state.
  const utils = render(
    <AppProviders queryClient={testQueryClient()}>
      {auth ? <AuthContext.Provider value={auth}>{provider}</AuthContext.Provider> : provider}
    </AppProviders>,
  );
  return { ...utils, router };
}

/** A JSON Response, as the server sends it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const sampleProfile = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  username: 'leyla',
  email: 'leyla@example.az',
  avatar_url: null,
  isAdmin: false,
  created_at: '2025-03-04T10:00:00.000Z',
  visibility: 'public' as const,
};

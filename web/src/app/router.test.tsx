import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Link, MemoryRouter, type RouteObject, RouterProvider, StaticRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleProfile, testQueryClient } from '../test/render';
import { App } from './app';
import { AppProviders } from './providers/app-providers';
import { routeModules } from './route-modules';
import { AppRoutes, preloadRoute, routeLoaders, routes, routeTitle } from './router';

const open = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const signedInAs = (profile: typeof sampleProfile) => {
  localStorage.setItem('token', 'tok');
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/user/profile') return jsonResponse(profile);
    if (url === '/api/stats/admin') return jsonResponse({ userCount: 12, pendingCommentCount: 3 });
    return jsonResponse({ success: false, error: 'Tapılmadı', code: 'NOT_FOUND' }, 404);
  });
};

describe('routes and guards', () => {
  it.each(['/dashboard', '/profile', '/friends'])('a logged-out visitor at %s is sent to /login', async (path) => {
    const router = open(path);
    expect(await screen.findByRole('heading', { name: 'Daxil olun' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/admin', '/admin/users', '/admin/comments', '/admin/newsletters'])(
    'a logged-out visitor at %s is sent to /login',
    async (path) => {
      const router = open(path);
      expect(await screen.findByRole('heading', { name: 'Daxil olun' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('a logged-in member at /admin sees exactly the admin-only text', async () => {
    signedInAs(sampleProfile);
    const router = open('/admin/users');
    expect(await screen.findByText('Bu səhifəyə giriş üçün admin yetkiniz yoxdur.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(screen.queryByText('İstifadəçi İdarəetmə')).not.toBeInTheDocument();
    // Inside the main layout: the header's menu, the page in <main>, the footer.
    expect(screen.getByRole('main')).toHaveTextContent('Bu səhifəyə giriş üçün admin yetkiniz yoxdur.');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menyunu aç' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('an admin at /admin gets the admin layout and the counts', async () => {
    signedInAs({ ...sampleProfile, isAdmin: true });
    open('/admin');
    // The first import of a lazy page compiles its modules: slow on a loaded machine
    // (src/test/timeouts.ts gives the wait room).
    expect(await screen.findByRole('heading', { name: 'Ümumi Panel' })).toBeInTheDocument();
    expect(await screen.findByTestId('stat-user-count')).toHaveTextContent('12');
    expect(screen.getByTestId('stat-pending-comments')).toHaveTextContent('3');
    // No main header inside /admin.
    expect(screen.queryByRole('button', { name: 'Menyunu aç' })).not.toBeInTheDocument();
  });

  it('a logged-in member reaches the dashboard', async () => {
    signedInAs(sampleProfile);
    open('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Xoş gəldiniz, leyla!' })).toBeInTheDocument();
  });

  it.each(['/login', '/register'])('a signed-in member at %s goes on to the dashboard', async (path) => {
    signedInAs(sampleProfile);
    const router = open(path);
    expect(await screen.findByRole('heading', { name: 'Xoş gəldiniz, leyla!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a page reached by a link starts at its top; back, an anchor or a query keeps the place', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = open('/newsletters');
    await screen.findByRole('heading', { level: 1, name: 'Yeniliklər' });
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/register'));
    await screen.findByRole('heading', { level: 1, name: 'Qeydiyyat' });
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    await act(() => router.navigate('/register?from=x'));
    await act(() => router.navigate('/newsletters#latest'));
    await screen.findByRole('heading', { level: 1, name: 'Yeniliklər' });
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Qeydiyyat' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('shows the not-found page for unknown paths', async () => {
    open('/there/is/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Səhifə tapılmadı' })).toBeInTheDocument();
  });

  it('shows the session-ended notice on /login?expired=true only', async () => {
    open('/login?expired=true');
    expect(
      await screen.findByText('Sessiyanızın müddəti bitib. Zəhmət olmasa, yenidən daxil olun.'),
    ).toBeInTheDocument();
  });

  it('has no session notice on a plain /login', async () => {
    open('/login');
    await screen.findByRole('heading', { name: 'Daxil olun' });
    expect(screen.queryByText(/Sessiyanızın müddəti bitib/)).not.toBeInTheDocument();
  });

  it.each([
    ['/', 'Filmlər dostlarla daha maraqlıdır'],
    ['/register', 'Qeydiyyat'],
    ['/forgot-password', 'Şifrənin bərpası'],
    ['/reset-password/abc', 'Yeni şifrə təyin edin'],
    ['/newsletters', 'Yeniliklər'],
    ['/newsletters/7', 'Yenilik'],
  ])('public route %s is open to visitors', async (path, heading) => {
    open(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('the public movie page is open to visitors and fetched without a token', async () => {
    // A fresh answer per call: the footer's /api/site reads one too.
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: false, error: 'Film tapılmadı', code: 'NOT_FOUND' }, 404),
    );
    open('/movie/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Film tapılmadı' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/movies/1') as [string, RequestInit];
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('a public profile that does not exist shows a friendly text', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: false, error: 'İstifadəçi tapılmadı', code: 'NOT_FOUND' }, 404),
    );
    open('/user/username/nobody');
    expect(await screen.findByText('Axtardığınız istifadəçi mövcud deyil və ya hesabı silinib.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/user/profile/username/nobody') as [
      string,
      RequestInit,
    ];
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it("an address whose id is no id (the server's 400) is a page that does not exist, with no retry", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        { success: false, error: 'Məlumatlar düzgün deyil', code: 'VALIDATION', fields: { id: 'Dəyər düzgün deyil' } },
        400,
      ),
    );
    open('/user/not-a-uuid');
    expect(await screen.findByText('Axtardığınız istifadəçi mövcud deyil və ya hesabı silinib.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yenidən cəhd et' })).not.toBeInTheDocument();
  });

  it('a public profile by id shows the member', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ ...sampleProfile, email: undefined, last_seen: null, created_at: '2025-03-04T10:00:00.000Z' }),
    );
    open(`/user/${sampleProfile.id}`);
    expect(await screen.findByRole('heading', { name: 'leyla' })).toBeInTheDocument();
    expect(screen.getByText('Üzv olub: 04.03.2025')).toBeInTheDocument();
  });
});

describe('preloadRoute: a first view fetches its data alongside its code', () => {
  const calls = () => fetchMock.mock.calls.map(([input]) => String(input));

  it('with a stored token asks for the profile and, on /dashboard, the first page of own movies', async () => {
    signedInAs(sampleProfile);
    const client = testQueryClient();
    preloadRoute('/dashboard', client);
    await waitFor(() => expect(calls()).toEqual(['/api/user/profile', '/api/movies?page=1&limit=20']));
    // Into the keys the app reads, so the guard and the page do not ask again.
    await waitFor(() => expect(client.getQueryData(['auth', 'profile'])).toEqual(sampleProfile));
    expect(client.getQueryState(['movies', 'mine', 'all'])).toBeDefined();
  });

  it('on another member page asks only for the profile', async () => {
    signedInAs(sampleProfile);
    preloadRoute('/friends', testQueryClient());
    await waitFor(() => expect(calls()).toEqual(['/api/user/profile']));
  });

  it.each([
    [
      '/film/f1',
      '/api/films/f1',
      ['films', 'one', 'f1', sampleProfile.id],
      ['comments', 'film', 'f1', sampleProfile.id],
    ],
    ['/movie/m1', '/api/movies/m1', ['movies', 'one', 'm1'], ['comments', 'movie', 'm1', sampleProfile.id]],
  ])(
    'on %s asks for its answer and its comments, those keyed by the viewer once the profile names them',
    async (path, request, key, commentsKey) => {
      signedInAs(sampleProfile);
      const answered = fetchMock.getMockImplementation() as typeof fetch;
      const comments = { data: [], page: 1, limit: 20, total: 0 };
      fetchMock.mockImplementation(async (input, init) => {
        const url = String(input);
        if (url === request) return jsonResponse({ id: 'x' });
        if (url === `${request}/comments?page=1&limit=20`) return jsonResponse(comments);
        return answered(input, init);
      });
      const client = testQueryClient();
      preloadRoute(path, client);
      await waitFor(() => expect(client.getQueryData(commentsKey)).toEqual({ pages: [comments], pageParams: [1] }));
      expect(client.getQueryData(key)).toEqual({ id: 'x' });
      expect(calls().sort()).toEqual(['/api/user/profile', request, `${request}/comments?page=1&limit=20`].sort());
      // The comments (and a member's film) go out after the profile has answered, with the member's token.
      expect(calls().indexOf(`${request}/comments?page=1&limit=20`)).toBeGreaterThan(
        calls().indexOf('/api/user/profile'),
      );
      for (const [, init] of fetchMock.mock.calls)
        expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    },
  );

  it('on a film page asks for no film when the session is refused (the profile query reports it)', async () => {
    localStorage.setItem('token', 'tok');
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        { success: false, error: 'Sessiya etibarsızdır və ya müddəti bitib, yenidən daxil olun', code: 'UNAUTHORIZED' },
        401,
      ),
    );
    preloadRoute('/film/f1', testQueryClient());
    await waitFor(() => expect(calls()).toEqual(['/api/user/profile']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toEqual(['/api/user/profile']);
  });

  it.each([
    ['/film/f1', '/api/films/f1', ['films', 'one', 'f1', 'visitor'], ['comments', 'film', 'f1', 'visitor']],
    ['/movie/m1', '/api/movies/m1', ['movies', 'one', 'm1'], ['comments', 'movie', 'm1', 'visitor']],
  ])(
    'a visitor on the public page %s asks for its answer and comments without a token',
    async (path, request, key, commentsKey) => {
      localStorage.removeItem('token');
      fetchMock.mockImplementation(async () => jsonResponse({ id: 'x' }));
      const client = testQueryClient();
      preloadRoute(path, client);
      await waitFor(() => expect(client.getQueryData(key)).toEqual({ id: 'x' }));
      await waitFor(() => expect(client.getQueryData(commentsKey)).toEqual({ pages: [{ id: 'x' }], pageParams: [1] }));
      expect(calls().sort()).toEqual([request, `${request}/comments?page=1&limit=20`].sort());
      for (const [, init] of fetchMock.mock.calls) expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    },
  );

  it('without a token asks for nothing on a member page (/dashboard before the guard sends them to /login)', async () => {
    localStorage.removeItem('token');
    preloadRoute('/dashboard', testQueryClient());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('route-modules.ts: the modules the server preloads for each URL', () => {
  /** Every URL pattern the route tree renders a page for ('*' has no fixed page). */
  const patterns = (list: RouteObject[], base = ''): string[] =>
    list.flatMap((route) => {
      const here = route.path ? `${base}/${route.path}` : base;
      if (route.children) return patterns(route.children, here);
      return route.path === '*' ? [] : [here || '/'];
    });

  it('has an entry for every route, and no other', () => {
    expect(Object.keys(routeModules).sort()).toEqual([...new Set(patterns(routes))].sort());
  });

  it.each(Object.entries(routeModules))('%s renders exactly the modules listed', async (pattern, modules) => {
    const sample = pattern.replace(/:\w+/g, 'x');
    const loaded = await Promise.all(routeLoaders(sample).map((load) => load()));
    const listed = await Promise.all(modules.map((file) => import(/* @vite-ignore */ `/${file}`)));
    expect(loaded).toEqual(listed);
    expect(loaded.every((namespace, i) => namespace === listed[i])).toBe(true);
  });
});

describe('a page whose chunk has loaded', () => {
  // main.tsx hydrates a prerendered page once preloadRoute has its chunk: were the page to suspend
  // then (React.lazy does on its first render), its buttons would get their handlers a task after
  // the rest, and a submit pressed meanwhile would be sent by the browser itself.
  it.each(['/login', '/register', '/'])('%s renders at once, without suspending', async (path) => {
    await preloadRoute(path);
    const At = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
    const html = renderToString(<App queryClient={testQueryClient()} Router={At} />);
    expect(html).toContain('<h1');
    // A boundary that suspended is sent as its fallback, marked to be rendered on the client.
    expect(html).not.toMatch(/<!--\$[?!]-->/);
  });
});

describe('the page’s title in the browser tab', () => {
  it.each([
    ['/', 'KinoDost'],
    ['/login', 'Daxil ol · KinoDost'],
    ['/forgot-password', 'Şifrənin bərpası · KinoDost'],
    ['/user/username/aysel', 'İstifadəçi profili · KinoDost'],
    ['/film/3f1c2a9e-0000-4000-8000-000000000001', 'Film · KinoDost'],
    ['/messages/3f1c2a9e-0000-4000-8000-000000000001', 'Mesajlar · KinoDost'],
    ['/admin/comments', 'Şərh İdarəetmə · KinoDost'],
    ['/admin/nothing', 'Səhifə tapılmadı · KinoDost'],
    ['/no/such/page', 'Səhifə tapılmadı · KinoDost'],
  ])('%s is “%s”', (path, title) => {
    expect(routeTitle(path)).toBe(title);
  });

  it('follows the page as the member moves', async () => {
    document.title = 'KinoDost';
    const client = testQueryClient();
    render(
      <AppProviders queryClient={client}>
        <MemoryRouter initialEntries={['/login']}>
          <AppRoutes />
          <Link to="/register">Qeydiyyata keç</Link>
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(document.title).toBe('Daxil ol · KinoDost'));
    act(() => screen.getByRole('link', { name: 'Qeydiyyata keç' }).click());
    await waitFor(() => expect(document.title).toBe('Qeydiyyat · KinoDost'));
  });
});

import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, isValidElement, lazy, useEffect } from 'react';
import { matchRoutes, type Params, type RouteMatch, type RouteObject, useLocation, useRoutes } from 'react-router';
import { commentsQuery } from '../features/comments/hooks/comments-query';
import { filmQuery } from '../features/films/hooks/film-query';
import { movieQuery, myMoviesQuery } from '../features/movies/hooks/movie-queries';
import { azShell } from '../i18n/az-shell';
import { currentProfileQuery } from '../lib/auth/get-current-profile';
import { getToken } from '../lib/storage';
import { RequireAdmin, RequireAuth } from './guards';
import { MainLayout } from './layouts/main-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** How to fetch each lazy page's chunk, so that the first page can be fetched before React asks. */
const loaders = new Map<unknown, () => Promise<unknown>>();

/**
 * React.lazy for a named export, so pages keep named exports and still load on demand. Once its
 * chunk has loaded (preloadRoute asks for the first page's before React renders), the page renders
 * at once instead of through React.lazy, which suspends on its first render even then. Hydrating a
 * prerendered page, that suspension left the page's buttons without their handlers for a task after
 * the rest of the page had them, and a submit pressed then was sent by the browser itself: a POST
 * of the form that reloaded the page and lost what was typed.
 */
const lazyNamed = <M, K extends keyof M>(load: () => Promise<M>, name: K) => {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module[name] as ComponentType;
      return module;
    });
  const Lazy = lazy(async () => ({ default: (await loadAndKeep())[name] as ComponentType }));
  const Page = () => (loaded ? createElement(loaded) : createElement(Lazy));
  loaders.set(Page, loadAndKeep);
  return Page;
};

// Every page is its own chunk: the landing page downloads only what it renders.
const LandingPage = lazyNamed(() => import('./pages/landing-page'), 'LandingPage');
const LoginPage = lazyNamed(() => import('./pages/login-page'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('./pages/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./pages/reset-password-page'), 'ResetPasswordPage');
const PublicProfilePage = lazyNamed(() => import('./pages/public-profile-page'), 'PublicProfilePage');
const MoviePage = lazyNamed(() => import('./pages/movie-page'), 'MoviePage');
const FilmPage = lazyNamed(() => import('./pages/film-page'), 'FilmPage');
const NewslettersPage = lazyNamed(() => import('./pages/newsletters-page'), 'NewslettersPage');
const NewsletterPage = lazyNamed(() => import('./pages/newsletter-page'), 'NewsletterPage');
const DashboardPage = lazyNamed(() => import('./pages/dashboard-page'), 'DashboardPage');
const ProfilePage = lazyNamed(() => import('./pages/profile-page'), 'ProfilePage');
const FriendsPage = lazyNamed(() => import('./pages/friends-page'), 'FriendsPage');
const MessagesPage = lazyNamed(() => import('./pages/messages-page'), 'MessagesPage');
const MessageThreadPage = lazyNamed(() => import('./pages/message-thread-page'), 'MessageThreadPage');
const NotFoundPage = lazyNamed(() => import('./pages/not-found-page'), 'NotFoundPage');
const AdminLayout = lazyNamed(() => import('./layouts/admin-layout'), 'AdminLayout');
const AdminOverviewPage = lazyNamed(() => import('./pages/admin-overview-page'), 'AdminOverviewPage');
const AdminUsersPage = lazyNamed(() => import('./pages/admin-users-page'), 'AdminUsersPage');
const AdminCommentsPage = lazyNamed(() => import('./pages/admin-comments-page'), 'AdminCommentsPage');
const AdminFilmsPage = lazyNamed(() => import('./pages/admin-films-page'), 'AdminFilmsPage');
const AdminNewslettersPage = lazyNamed(() => import('./pages/admin-newsletters-page'), 'AdminNewslettersPage');

/**
 * What a page fetches before its code has arrived (see preloadRoute); `member` when a token is
 * stored, whose profile is then on its way.
 */
interface RouteHandle {
  prefetch?: (client: QueryClient, params: Params, member: boolean) => Promise<unknown> | undefined;
  /** The page's name in the browser tab (az.pageTitles); the landing page's is the app's own. */
  title?: string;
}
const t = azShell.pageTitles;
const titled = (title: string): RouteHandle => ({ title });
const dashboardHandle: RouteHandle = {
  title: t.dashboard,
  prefetch: (client, _params, member) => (member ? client.prefetchInfiniteQuery(myMoviesQuery()) : undefined),
};
/**
 * Who reads the page: a member's id once their profile answers (index.html asked for it first),
 * else null. Rejects when the session is refused, which the profile query itself reports.
 */
const viewerOf = async (client: QueryClient, member: boolean) =>
  member ? (await client.fetchQuery(currentProfileQuery)).id : null;
// The movie and film pages show nothing but a spinner until their answer arrives: asked for with
// the code, it no longer waits for the page's chunk to run first, and their comments come with it.
// A film's answer and every comment list are keyed by the reader, so those wait for the profile.
const movieHandle: RouteHandle = {
  title: t.movie,
  prefetch: (client, { movieId = '' }, member) =>
    Promise.all([
      client.prefetchQuery(movieQuery(movieId)),
      viewerOf(client, member).then((viewer) =>
        client.prefetchInfiniteQuery(commentsQuery({ kind: 'movie', id: movieId }, viewer)),
      ),
    ]).catch(() => {}),
};
const filmHandle: RouteHandle = {
  title: t.film,
  prefetch: (client, { filmId = '' }, member) =>
    viewerOf(client, member)
      .then((viewer) =>
        Promise.all([
          client.prefetchQuery(filmQuery(filmId, viewer)),
          client.prefetchInfiniteQuery(commentsQuery({ kind: 'film', id: filmId }, viewer)),
        ]),
      )
      .catch(() => {}),
};

/** The route tree of docs/product.md#pages-and-routes. Exported for tests (createMemoryRouter). */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'login', element: <LoginPage />, handle: titled(t.login) },
          { path: 'register', element: <RegisterPage />, handle: titled(t.register) },
          { path: 'forgot-password', element: <ForgotPasswordPage />, handle: titled(t.forgotPassword) },
          { path: 'reset-password/:token', element: <ResetPasswordPage />, handle: titled(t.resetPassword) },
          { path: 'user/username/:username', element: <PublicProfilePage />, handle: titled(t.publicProfile) },
          { path: 'user/:userId', element: <PublicProfilePage />, handle: titled(t.publicProfile) },
          { path: 'movie/:movieId', element: <MoviePage />, handle: movieHandle },
          { path: 'film/:filmId', element: <FilmPage />, handle: filmHandle },
          { path: 'newsletters', element: <NewslettersPage />, handle: titled(t.newsletters) },
          { path: 'newsletters/:id', element: <NewsletterPage />, handle: titled(t.newsletter) },
          {
            element: <RequireAuth />,
            children: [
              { path: 'dashboard', element: <DashboardPage />, handle: dashboardHandle },
              { path: 'profile', element: <ProfilePage />, handle: titled(t.profile) },
              { path: 'friends', element: <FriendsPage />, handle: titled(t.friends) },
              { path: 'messages', element: <MessagesPage />, handle: titled(t.messages) },
              { path: 'messages/:userId', element: <MessageThreadPage />, handle: titled(t.messages) },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: titled(t.notFound) },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { index: true, element: <AdminOverviewPage />, handle: titled(t.adminOverview) },
              { path: 'users', element: <AdminUsersPage />, handle: titled(t.adminUsers) },
              { path: 'comments', element: <AdminCommentsPage />, handle: titled(t.adminComments) },
              { path: 'films', element: <AdminFilmsPage />, handle: titled(t.adminFilms) },
              { path: 'newsletters', element: <AdminNewslettersPage />, handle: titled(t.adminNewsletters) },
              { path: '*', element: <NotFoundPage />, handle: titled(t.notFound) },
            ],
          },
        ],
      },
    ],
  },
];

/** The import functions of the lazy modules (layouts, page) of these matched routes, outermost first. */
const loadersOf = (matches: RouteMatch[]): (() => Promise<unknown>)[] =>
  matches.flatMap(({ route }) => {
    const load = isValidElement(route.element) ? loaders.get(route.element.type) : undefined;
    return load ? [load] : [];
  });

/** The lazy modules (layouts, page) that `pathname` renders, outermost first, as their import functions. */
export const routeLoaders = (pathname: string) => loadersOf(matchRoutes(routes, pathname) ?? []);

/**
 * Starts fetching the chunks of the page at `pathname` (and its layouts) at once. Without this a
 * member's dashboard chunk would only be asked for after the profile check answers; the browser
 * caches the module, so React.lazy's own import later resolves at once. (The server's HTML names
 * the same chunks as modulepreload links, route-modules.ts; this covers the dev server.) With a
 * stored token the session's profile goes out at once, and the page's first data (its route's
 * `handle.prefetch`, for a visitor too where the page is public) beside it, into the query cache the
 * app then reads, instead of after React has rendered.
 * Settles once the chunks have loaded or failed.
 */
export function preloadRoute(pathname: string, client?: QueryClient): Promise<void> {
  // Matched once for both: ranking the route tree is a few milliseconds of a phone's first load.
  const matches = matchRoutes(routes, pathname) ?? [];
  if (client !== undefined) {
    const member = getToken() !== null;
    if (member) void client.prefetchQuery(currentProfileQuery);
    for (const { route, params } of matches)
      void (route.handle as RouteHandle | undefined)?.prefetch?.(client, params, member);
  }
  // A failure here is left to React.lazy, which imports again and shows the route error page.
  const loads = loadersOf(matches).map((load) => load().catch(() => {}));
  return Promise.all(loads).then(() => {});
}

/** The browser tab's title at `pathname`: its deepest route's `handle.title`, else the app's name. */
export const routeTitle = (pathname: string): string => {
  const title = (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => (route.handle as RouteHandle | undefined)?.title)
    .findLast((found) => found !== undefined);
  return title ? t.of(title) : azShell.appName;
};

/**
 * The app's routes under a declarative <BrowserRouter> (main.tsx): no data-router code in the
 * shell. Each page names itself in the tab, so a screen reader announces where a link led.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = routeTitle(pathname);
  }, [pathname]);
  return useRoutes(routes);
}

/**
 * The lazy modules each URL pattern of router.tsx renders first: its page and, in the admin area,
 * the admin layout. Plain data, because the build reads it too: web/build/route-preloads.ts turns
 * it into dist/.vite/route-preloads.json (each pattern's chunks beyond the entry's), and the server
 * names those chunks in the HTML of a matching URL as <link rel="modulepreload">. A phone then
 * fetches the page's code together with the shell's, not one round trip after the shell has run.
 * router.test.tsx checks this table against the route tree.
 */
const page = (name: string) => `src/app/pages/${name}.tsx`;
const adminLayout = 'src/app/layouts/admin-layout.tsx';

export const routeModules: Readonly<Record<string, readonly string[]>> = {
  '/': [page('landing-page')],
  '/login': [page('login-page')],
  '/register': [page('register-page')],
  '/forgot-password': [page('forgot-password-page')],
  '/reset-password/:token': [page('reset-password-page')],
  '/user/username/:username': [page('public-profile-page')],
  '/user/:userId': [page('public-profile-page')],
  '/movie/:movieId': [page('movie-page')],
  '/film/:filmId': [page('film-page')],
  '/newsletters': [page('newsletters-page')],
  '/newsletters/:id': [page('newsletter-page')],
  '/dashboard': [page('dashboard-page')],
  '/profile': [page('profile-page')],
  '/friends': [page('friends-page')],
  '/messages': [page('messages-page')],
  '/messages/:userId': [page('message-thread-page')],
  '/admin': [adminLayout, page('admin-overview-page')],
  '/admin/users': [adminLayout, page('admin-users-page')],
  '/admin/comments': [adminLayout, page('admin-comments-page')],
  '/admin/films': [adminLayout, page('admin-films-page')],
  '/admin/newsletters': [adminLayout, page('admin-newsletters-page')],
};

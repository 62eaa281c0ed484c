/** Every route of the app in one place (docs/product.md#pages-and-routes), so links never drift from the router. */
export const paths = {
  home: '/',
  login: '/login',
  loginExpired: '/login?expired=true',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  user: (userId: string) => `/user/${encodeURIComponent(userId)}`,
  userByName: (username: string) => `/user/username/${encodeURIComponent(username)}`,
  movie: (movieId: string) => `/movie/${encodeURIComponent(movieId)}`,
  film: (filmId: string) => `/film/${encodeURIComponent(filmId)}`,
  newsletters: '/newsletters',
  newsletter: (id: string) => `/newsletters/${encodeURIComponent(id)}`,
  dashboard: '/dashboard',
  profile: '/profile',
  friends: '/friends',
  messages: '/messages',
  thread: (userId: string) => `/messages/${encodeURIComponent(userId)}`,
  admin: '/admin',
  adminUsers: '/admin/users',
  adminComments: '/admin/comments',
  adminFilms: '/admin/films',
  adminNewsletters: '/admin/newsletters',
} as const;

/** The main header, sidebar and bottom bar are not part of the admin area. */
export const isAdminPath = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');

/** Pages that get the lighter header (docs/product.md#main-header). */
export const isAuthFormPath = (pathname: string): boolean =>
  pathname === paths.login || pathname === paths.register || pathname.startsWith('/reset-password/');

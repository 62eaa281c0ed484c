import type { FastifyInstance } from 'fastify';
import { authRoutes, changePasswordRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { createAuthThrottles } from './auth/auth.throttles';
import { adminCommentsRoutes, filmCommentsRoutes, movieCommentsRoutes } from './comments/comments.routes';
import { createCommentsService } from './comments/comments.service';
import { createCommentThrottle } from './comments/comments.throttle';
import { exportsRoutes } from './exports/exports.routes';
import { feedRoutes } from './feed/feed.routes';
import { loadBundledCatalogue } from './films/catalogue/bundled';
import { createTmdbClient } from './films/catalogue/tmdb';
import { adminFilmsRoutes, filmsRoutes } from './films/films.routes';
import { createFilmsService } from './films/films.service';
import { createTmdbThrottle } from './films/films.throttle';
import { friendsRoutes } from './friends/friends.routes';
import { healthRoutes } from './health/health.routes';
import { importsRoutes } from './imports/imports.routes';
import { createImportsService } from './imports/imports.service';
import { messagesRoutes } from './messages/messages.routes';
import { createMessagesService } from './messages/messages.service';
import { messagesSocketPlugin } from './messages/messages.socket';
import { createMessageThrottle } from './messages/messages.throttle';
import { moviesRoutes } from './movies/movies.routes';
import { createMoviesService } from './movies/movies.service';
import { newslettersRoutes } from './newsletters/newsletters.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { presencePlugin } from './presence/presence.socket';
import { blocksRoutes } from './privacy/blocks.routes';
import { siteRoutes } from './site/site.routes';
import { statsRoutes } from './stats/stats.routes';
import { usersRoutes } from './users/users.routes';

/**
 * The explicit list of features and their prefixes, under /api. Every service is built from a
 * deps object: here when routes are handed it, else in its own routes. Presence and the typing
 * notices of messages talk on the socket plugin's server (plugins/socket.ts); their connection
 * handlers and preClose hooks run in the order they are registered here.
 */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(presencePlugin);
  const authThrottles = createAuthThrottles(app.config.limits, app.redis, app.config.redisPrefix);
  const auth = createAuthService({
    db: app.database.db,
    tokens: app.tokens,
    mailer: app.mailer,
    throttles: authThrottles,
    publicUrl: app.config.publicUrl,
    logResetLinks: !app.config.smtpUrl,
    log: app.log,
    bus: app.bus,
    runAfterReply: app.runAfterReply,
  });
  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(authRoutes, { prefix: '/auth', auth });
  await app.register(changePasswordRoutes, { prefix: '/user', auth });
  await app.register(usersRoutes, { prefix: '/user', passwordFailures: authThrottles.loginFailuresPerAccount });
  await app.register(blocksRoutes, { prefix: '/user' });
  await app.register(friendsRoutes, { prefix: '/friends' });
  const films = createFilmsService({
    db: app.database.db,
    bus: app.bus,
    posters: app.posters,
    log: app.log,
    tmdb: app.config.tmdb && createTmdbClient({ apiKey: app.config.tmdb.apiKey, baseUrl: app.config.tmdb.apiUrl }),
    tmdbThrottle: createTmdbThrottle(app.redis, app.config.redisPrefix),
  });
  const movies = createMoviesService({ db: app.database.db, bus: app.bus, films });
  await app.register(moviesRoutes, { prefix: '/movies', movies });
  await app.register(filmsRoutes, { prefix: '/films', films, movies });
  await app.register(adminFilmsRoutes, { prefix: '/admin/films', films });
  if (app.config.catalogue === 'bundled') {
    // An empty catalogue (a new install) is filled before the server answers: one query on
    // every later start.
    const added = await loadBundledCatalogue(app.database.db);
    if (added) app.log.info({ films: added }, 'bundled film catalogue loaded');
  }
  const comments = createCommentsService({
    db: app.database.db,
    postThrottle: createCommentThrottle(app.config.limits, app.redis, app.config.redisPrefix),
    films,
    movies,
    bus: app.bus,
  });
  await app.register(movieCommentsRoutes, { prefix: '/movies', comments });
  await app.register(filmCommentsRoutes, { prefix: '/films', comments });
  await app.register(adminCommentsRoutes, { prefix: '/admin/comments', comments });
  const messages = createMessagesService({
    db: app.database.db,
    bus: app.bus,
    log: app.log,
    throttle: createMessageThrottle(app.redis, app.config.redisPrefix),
    films,
  });
  await app.register(messagesRoutes, { prefix: '/messages', messages });
  await app.register(messagesSocketPlugin);
  await app.register(statsRoutes, { prefix: '/stats' });
  await app.register(newslettersRoutes, { prefix: '/newsletters' });
  await app.register(feedRoutes, { prefix: '/feed' });
  await app.register(notificationsRoutes, { prefix: '/notifications' });
  const imports = createImportsService({
    db: app.database.db,
    kind: app.database.kind,
    bus: app.bus,
    log: app.log,
    runAfterReply: app.runAfterReply,
  });
  // Imports a restart interrupted are undone and failed before the server answers.
  await imports.recoverInterrupted();
  app.addHook('preClose', async () => imports.stop());
  await app.register(importsRoutes, { prefix: '/import', imports });
  await app.register(exportsRoutes, { prefix: '/export' });
}

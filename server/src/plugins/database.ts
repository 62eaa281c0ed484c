import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** Opened by buildApp (main.ts starts opening it before the app's modules load). */
  database: Database;
  /** False when the caller (a test) owns the database and closes it itself. */
  owned: boolean;
}

/**
 * The database every repository queries. Registered first: onClose hooks run last-registered
 * first, so the database closes after everything that may still query it.
 */
export const databasePlugin = fp(
  async function databasePlugin(app: FastifyInstance, opts: DatabasePluginOptions) {
    app.decorate('database', opts.database);
    app.addHook('onClose', async () => {
      if (opts.owned) await opts.database.close();
    });
  },
  { name: 'database' },
);

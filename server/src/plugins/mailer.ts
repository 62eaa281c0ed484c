import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Outgoing mail (lib/mailer.ts): SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
export const mailerPlugin = fp(
  async function mailerPlugin(app: FastifyInstance, opts: { mailer?: Mailer }) {
    const mailer =
      opts.mailer ??
      createMailer({
        smtpUrl: app.config.smtpUrl,
        outboxDir: path.join(app.config.dataDir, 'outbox'),
        from: app.config.mailFrom,
        logger: app.log,
      });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', decorators: { fastify: ['config'] } },
);

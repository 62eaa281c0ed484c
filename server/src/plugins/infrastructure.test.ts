import Fastify, { type FastifyPluginAsync } from 'fastify';
import { expect, it } from 'vitest';
import type { Config } from '../config';
import { messagesSocketPlugin } from '../features/messages/messages.socket';
import { presencePlugin } from '../features/presence/presence.socket';
import type { EventBus } from '../lib/event-bus';
import { authPlugin } from './auth';
import { idempotencyPlugin } from './idempotency';
import { socketPlugin } from './socket';
import { socketRelayPlugin } from './socket-relay';

// The infrastructure plugins are named and the plugins using them say so (docs/architecture.md
// "App wiring"): registered in the wrong order, the app refuses to start instead of failing later.
it.each([
  ['auth', 'database', authPlugin],
  ['idempotency', 'database', idempotencyPlugin],
  ['socket', 'redis', socketPlugin],
  ['socket-relay', 'socket', socketRelayPlugin],
  ['presence', 'database', presencePlugin],
  ['messages-socket', 'database', messagesSocketPlugin],
] as [string, string, FastifyPluginAsync][])('%s refuses to load before %s', async (name, missing, plugin) => {
  const app = Fastify({ logger: false });
  // Only their presence is checked before the dependencies.
  app.decorate('config', {} as Config);
  app.decorate('bus', {} as EventBus);
  app.register(plugin);
  await expect(app.ready()).rejects.toMatchObject({
    code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
    message: `The dependency '${missing}' of plugin '${name}' is not registered`,
  });
});

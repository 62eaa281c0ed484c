import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { drainPlugin } from './drain';

// Work run after the answer (a reset mail) has no caller left to see it fail: the failure is logged.
it('runAfterReply logs a failure under its label, and handlersSettled waits for the work', async () => {
  const lines: { msg: string; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  await app.register(drainPlugin);
  await app.ready();
  try {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.runAfterReply('slow work failed', async () => {
      await gate;
      throw new Error('slow');
    });
    app.runAfterReply('sync work failed', () => {
      throw new Error('sync');
    });
    expect(await app.handlersSettled(0)).toBe(false);
    release();
    expect(await app.handlersSettled(10_000)).toBe(true);
    expect(lines.map((l) => [l.msg, l.err?.message]).sort()).toEqual([
      ['slow work failed', 'slow'],
      ['sync work failed', 'sync'],
    ]);
  } finally {
    await app.close();
  }
});

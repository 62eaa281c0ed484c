import { type ChildProcess, spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { freePort, waitUntil } from './wait';

/** A redis-server of this test run alone, in memory only: a restart starts it empty. */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM; nothing is saved). */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** True when a PING on a fresh connection gets PONG. */
const pong = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
    socket.once('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
        { stdio: 'ignore' },
      );
      await waitUntil(`redis on ${port}`, () => pong(port), 15_000);
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
      child = undefined;
    },
    destroy: () => redis.stop(),
  };
  await redis.start();
  return redis;
}

// Realtime benchmark (issue 5): 10,000 connected members on one app process, clients
// spread over several generator processes. Reports memory per connection (budget
// 20 KB) and the latency from a member coming online to the event reaching each of
// their friends (budget p99 100 ms), each also as a ratio to its budget.
//   npm run bench:presence   (BENCH_RT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/kinodost_bench_rt)
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { migrate } from '../server/src/db/migrate';
import { openPostgres } from '../server/src/db/postgres';

const CONNECTED = Number(process.env.BENCH_SOCKETS ?? 10_000);
const SAMPLES = 200;
const FRIENDS_EACH_SIDE = 5; // a ring: everyone has 10 friends
const GENERATORS = 4;
const url = process.env.BENCH_RT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kinodost_bench_rt';
const secret = randomBytes(32).toString('hex');
const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 3600_000 });
const here = import.meta.dirname;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function rssKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
}

/**
 * A server process under test, started with the inspector on so the benchmark can run a full
 * garbage collection in it before reading its memory: without one, the same build read 21 KB and
 * 10 KB a connection minutes apart, as garbage happened to be collected or not.
 */
interface Measured {
  child: ChildProcess;
  port: number;
  /** Runs V8's full collection in the server, twice: what weak callbacks of the first release, the second frees. */
  collectGarbage: () => Promise<void>;
  /** Ends the inspector session: a process with one attached waits for it to end before exiting. */
  detach: () => void;
}

async function inspectorSession(
  wsUrl: string,
): Promise<{ send: (method: string) => Promise<void>; close: () => void }> {
  const ws = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 1;
  const waiting = new Map<number, (reply: { error?: { message: string } }) => void>();
  ws.on('message', (data) => {
    const reply = JSON.parse(String(data)) as { id?: number; error?: { message: string } };
    if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
  });
  const send = (method: string) =>
    new Promise<void>((resolve, reject) => {
      const id = next++;
      waiting.set(id, (reply) => {
        waiting.delete(id);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve();
      });
      ws.send(JSON.stringify({ id, method }));
    });
  return { send, close: () => ws.close() };
}

async function prepareDatabase(): Promise<string[]> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.query(`create database ${name}`);
  await c.end();
  const database = openPostgres(url);
  await migrate(database);
  const pool = database.pool as pg.Pool;
  const total = CONNECTED + SAMPLES;
  await pool.query(
    `insert into users (username, email, password_hash)
     select 'rt_' || g, 'rt_' || g || '@bench.az', 'x' from generate_series(0, $1::int - 1) g`,
    [total],
  );
  const ids = (await pool.query(`select id from users order by (substring(username from 4))::int`)).rows.map(
    (r) => r.id as string,
  );
  // Connected members form a ring of friends; each sample member is friends with 10 connected ones.
  await pool.query(
    `insert into friendships (requester_id, addressee_id, status, accepted_at)
     select a.id, b.id, 'accepted', now()
     from generate_series(0, $1::int - 1) i, generate_series(1, $2::int) k,
          lateral (select ($3::uuid[])[i + 1] as id) a,
          lateral (select ($3::uuid[])[((i + k) % $1::int) + 1] as id) b`,
    [CONNECTED, FRIENDS_EACH_SIDE, ids],
  );
  await pool.query(
    `insert into friendships (requester_id, addressee_id, status, accepted_at)
     select ($3::uuid[])[$1::int + s + 1], ($3::uuid[])[((s * 37 + k * 997) % $1::int) + 1], 'accepted', now()
     from generate_series(0, $2::int - 1) s, generate_series(0, 9) k
     on conflict do nothing`,
    [CONNECTED, SAMPLES, ids],
  );
  await database.close();
  return ids;
}

async function startServer(script: string, env: Record<string, string> = {}): Promise<Measured> {
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', '--import', import.meta.resolve('tsx'), script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d: Buffer) => {
    err += d;
    // The inspector's own lines are ours to read; the rest is the server's.
    const text = String(d)
      .split('\n')
      .filter((l) => l && !/Debugger (listening|attached|ending)|For help, see/.test(l));
    if (text.length) process.stderr.write(`${text.join('\n')}\n`);
  });
  for (let i = 0; i < 600; i++) {
    const m = out.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    const inspector = err.match(/Debugger listening on (ws:\/\/\S+)/);
    if (m && inspector) {
      const session = await inspectorSession(inspector[1] as string);
      return {
        child,
        port: Number(m[1]),
        collectGarbage: async () => {
          await session.send('HeapProfiler.collectGarbage');
          await session.send('HeapProfiler.collectGarbage');
        },
        detach: session.close,
      };
    }
    await pause(100);
  }
  throw new Error(`server did not start:\n${out}`);
}

/** Opens one socket per token from GENERATORS processes; resolves when all are connected. */
async function connectAll(base: string, tokens: string[]): Promise<{ generators: ChildProcess[]; seconds: number }> {
  const started = Date.now();
  const generators = Array.from({ length: GENERATORS }, (_, g) => {
    const child = fork(path.join(here, 'presence-clients.ts'), [], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      env: { ...process.env, BENCH_URL: base },
    });
    // Thousands of tokens would overflow the environment: they go over IPC.
    child.send({ type: 'tokens', tokens: tokens.filter((_, i) => i % GENERATORS === g) });
    return child;
  });
  await Promise.all(
    generators.map(
      (g) =>
        new Promise<void>((resolve, reject) => {
          g.on('message', (m: { type: string }) => m.type === 'connected' && resolve());
          g.once('exit', (code) => reject(new Error(`generator exited ${code}`)));
        }),
    ),
  );
  return { generators, seconds: (Date.now() - started) / 1000 };
}

/** Server memory growth per connection, in KB, once CONNECTED sockets are open (each reading after a full GC). */
async function memoryPerConnection(server: Measured, base: string, tokens: string[]) {
  await pause(1000);
  await server.collectGarbage();
  const before = await rssKiB(server.child.pid as number);
  const run = await connectAll(base, tokens);
  await pause(3000); // let presence work and buffers settle
  await server.collectGarbage();
  const after = await rssKiB(server.child.pid as number);
  return { ...run, before, after, perConnectionKB: ((after - before) * 1024) / tokens.length / 1000 };
}

async function main() {
  console.log(`preparing ${CONNECTED + SAMPLES} members and their friendships…`);
  const ids = await prepareDatabase();
  const tokens = ids.slice(0, CONNECTED).map((id) => sign({ sub: id, ver: 0 }));

  console.log(`reference: a bare socket.io server with ${CONNECTED} sockets…`);
  const bare = await startServer(path.join(here, 'bare-socket-server.ts'));
  const reference = await memoryPerConnection(bare, `http://127.0.0.1:${bare.port}`, tokens);
  bare.detach();
  for (const g of reference.generators) g.send({ type: 'stop' });
  bare.child.kill('SIGKILL');
  console.log(`  ${reference.perConnectionKB.toFixed(2)} KB per connection`);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-bench-rt-'));
  const app = await startServer(path.join(here, '../server/src/main.ts'), {
    DATABASE_URL: url,
    JWT_SECRET: secret,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'none'),
  });
  const server = app.child;
  const base = `http://127.0.0.1:${app.port}`;
  console.log(`the app: ${CONNECTED} sockets from ${GENERATORS} generator processes…`);
  const memory = await memoryPerConnection(app, base, tokens);
  app.detach(); // before the latency run, which should meet no inspector
  const { generators } = memory;
  const connectSeconds = memory.seconds;
  const rssBefore = memory.before;
  const rssAfter = memory.after;
  const perConnectionKB = memory.perConnectionKB;
  console.log(`  connected in ${connectSeconds.toFixed(1)} s; server RSS ${rssBefore} KiB -> ${rssAfter} KiB`);

  console.log(`measuring ${SAMPLES} members coming online…`);
  const onlineAt = new Map<string, bigint>();
  for (const id of ids.slice(CONNECTED)) {
    const s = io(base, {
      auth: { token: sign({ sub: id, ver: 0 }) },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve) => s.once('connect', () => resolve()));
    onlineAt.set(id, process.hrtime.bigint());
    await pause(20);
    s.close();
    await pause(20);
  }
  await pause(1000);
  const seen = (
    await Promise.all(
      generators.map(
        (g) =>
          new Promise<[string, string][]>((resolve) => {
            g.on(
              'message',
              (m: { type: string; seen?: [string, string][] }) => m.type === 'seen' && resolve(m.seen ?? []),
            );
            g.send({ type: 'report' });
          }),
      ),
    )
  ).flat();
  const latencies = seen
    .filter(([userId]) => onlineAt.has(userId))
    .map(([userId, at]) => Number(BigInt(at) - (onlineAt.get(userId) as bigint)) / 1e6)
    .sort((a, b) => a - b);

  for (const g of generators) g.send({ type: 'stop' });
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });

  const p50 = quantile(latencies, 0.5);
  const p99 = quantile(latencies, 0.99);
  const result = {
    benchmark: 'presence',
    sockets: CONNECTED,
    friends_each: FRIENDS_EACH_SIDE * 2,
    connect_seconds: Number(connectSeconds.toFixed(1)),
    rss_before_kib: rssBefore,
    rss_after_kib: rssAfter,
    memory_per_connection_kb: Number(perConnectionKB.toFixed(2)),
    memory_ratio_to_20kb_budget: Number((perConnectionKB / 20).toFixed(3)),
    bare_socketio_memory_per_connection_kb: Number(reference.perConnectionKB.toFixed(2)),
    memory_ratio_to_bare_socketio: Number((perConnectionKB / reference.perConnectionKB).toFixed(3)),
    deliveries: latencies.length,
    expected_deliveries: SAMPLES * 10,
    online_latency_p50_ms: Number(p50.toFixed(2)),
    online_latency_p99_ms: Number(p99.toFixed(2)),
    latency_ratio_to_100ms_budget: Number((p99 / 100).toFixed(3)),
    at: new Date().toISOString(),
  };
  console.log(result);
  const out = path.join(here, 'results');
  await writeFile(path.join(out, 'presence.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(
    path.join(out, 'presence.md'),
    `| sockets | KB per connection | / 20 KB | bare socket.io KB | / bare | deliveries | p50 ms | p99 ms | p99 / 100 ms |\n|---|---|---|---|---|---|---|---|---|\n| ${CONNECTED} | ${result.memory_per_connection_kb} | ${result.memory_ratio_to_20kb_budget} | ${result.bare_socketio_memory_per_connection_kb} | ${result.memory_ratio_to_bare_socketio} | ${latencies.length}/${SAMPLES * 10} | ${result.online_latency_p50_ms} | ${result.online_latency_p99_ms} | ${result.latency_ratio_to_100ms_budget} |\n`,
  );
  process.exit(0);
}

await main();

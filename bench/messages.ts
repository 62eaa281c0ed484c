// Messages benchmark (issue 24), one app process on PostgreSQL:
// - PAIRS (2,000) pairs of friends, every member connected by a socket, exchange messages at a
//   steady pace; delivery latency is from the sender's POST to message:new on the recipient's
//   socket. Its p99 is reported as a ratio to the presence latency measured in the same run and
//   under the same load: members come online while the messages are sent, and user:online
//   reaching their connected friends is timed (goal at most 2×). Presence on an otherwise idle
//   server, measured before, is reported beside it. A warm-up of unmeasured sends comes first,
//   as the 4,000 connections have warmed the presence path.
// - The conversation list (GET /api/messages) of a member with 500 conversations at 50
//   connections, against a bare route running the same SQL through a pg pool (reference-servers
//   `reads`, /conversations/:id; goal at least 0.75, p99 at most 1.5× its p99), with the
//   one-SELECT reference beside it: the three in turn, in slices (BENCH_ROUNDS, default 3),
//   once the pairs' sockets have closed.
//   npm run bench:messages   (BENCH_MSG_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/kinodost_bench_msg;
//                             BENCH_PAIRS, BENCH_DURATION)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { migrate } from '../server/src/db/migrate';
import { openPostgres } from '../server/src/db/postgres';
import type { LoadSpec } from './http-load';
import { readable, round, writeResult } from './machine';
import { freePort, inTurn, stopProcess } from './processes';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 2000);
/** Members coming online, once on an idle server and once more during the messages. */
const SAMPLES = 100;
/** Unmeasured sends before the measured ones (the route's first use: pool connections, JIT). */
const WARM_UP = 200;
const CONVERSATIONS = 500;
const ROUNDS = 2;
/** Slices of the conversation list and of each of its references, taken in turn (BENCH_ROUNDS). */
const LIST_ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** Messages sent per second overall: a busy evening, not a flood (each sender stays under 30 a minute). */
const RATE = Number(process.env.BENCH_MSG_RATE ?? 100);
/** Sends waiting for their answer at most: past this the pace waits for the server (a slow machine). */
const MAX_IN_FLIGHT = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const url = process.env.BENCH_MSG_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kinodost_bench_msg';
const secret = randomBytes(32).toString('hex');
const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 3600_000 });
const here = import.meta.dirname;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const now = () => Number(process.hrtime.bigint()) / 1e6;

async function prepareDatabase() {
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
  const total = PAIRS * 2 + SAMPLES * 2 + 1;
  await pool.query(
    `insert into users (username, email, password_hash)
     select 'msg_' || g, 'msg_' || g || '@bench.az', 'x' from generate_series(0, $1::int - 1) g`,
    [total],
  );
  const ids = (await pool.query(`select id from users order by (substring(username from 5))::int`)).rows.map(
    (r) => r.id as string,
  );
  const heavy = ids[total - 1] as string;
  // Pairs (2i, 2i+1); each sample member is friends with 10 connected members; the heavy member
  // with the first 500 connected ones.
  await pool.query(
    `insert into friendships (requester_id, addressee_id, status, accepted_at)
     select ($2::uuid[])[2 * i + 1], ($2::uuid[])[2 * i + 2], 'accepted', now() from generate_series(0, $1::int - 1) i`,
    [PAIRS, ids],
  );
  await pool.query(
    `insert into friendships (requester_id, addressee_id, status, accepted_at)
     select ($3::uuid[])[$1::int * 2 + s + 1], ($3::uuid[])[((s * 37 + k * 997) % ($1::int * 2)) + 1], 'accepted', now()
     from generate_series(0, $2::int - 1) s, generate_series(0, 9) k on conflict do nothing`,
    [PAIRS, SAMPLES * 2, ids],
  );
  const friendsOfHeavy = ids.slice(0, CONVERSATIONS);
  await pool.query(
    `insert into friendships (requester_id, addressee_id, status, accepted_at)
     select $1::uuid, f, 'accepted', now() from unnest($2::uuid[]) f on conflict do nothing`,
    [heavy, friendsOfHeavy],
  );
  // Three messages in each of the heavy member's conversations, the last one unread half the time.
  await pool.query(
    `insert into messages (sender_id, recipient_id, text, created_at, read_at)
     select case when k % 2 = 0 then $1::uuid else f end, case when k % 2 = 0 then f else $1::uuid end,
            'bench message ' || i || '.' || k, now() - ((i * 10 + 3 - k) * interval '1 second'),
            case when k < 2 or i % 2 = 0 then now() end
     from unnest($2::uuid[]) with ordinality t(f, i), generate_series(0, 2) k`,
    [heavy, friendsOfHeavy],
  );
  await pool.query(
    `insert into conversations (user_id, other_id, last_message_id, last_at)
     select v.u, v.o, m.id, m.created_at
     from (select distinct on (least(sender_id, recipient_id), greatest(sender_id, recipient_id)) *
           from messages order by least(sender_id, recipient_id), greatest(sender_id, recipient_id), created_at desc) m,
          lateral (values (m.sender_id, m.recipient_id), (m.recipient_id, m.sender_id)) v(u, o)`,
  );
  await pool.query('analyze');
  await database.close();
  return { ids, heavy };
}

/**
 * Waits until the server has handled the pair members' connects, or their disconnects, since
 * `since` (at most 2 minutes): each one touches the member's last seen with its presence
 * announcement. Until then a storm of 4,000 announcements holds the app's pool, and a figure
 * taken meanwhile would measure it. Answers how many were handled.
 */
async function settled(members: string[], since: Date) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    let n = 0;
    for (let i = 0; i < 480 && n < members.length; i++) {
      if (i > 0) await pause(250);
      const { rows } = await c.query(
        'select count(*)::int as n from users where id = any($1::uuid[]) and last_seen_at >= $2',
        [members, since],
      );
      n = rows[0].n as number;
    }
    return n;
  } finally {
    await c.end();
  }
}

/** Starts a process and resolves once its stdout matches `ready`. */
async function start(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  for (let i = 0; i < 600; i++) {
    const m = out.match(ready);
    if (m) return { child, match: m };
    await pause(100);
  }
  throw new Error(`did not start:\n${out}`);
}

/** A reference server of reference-servers.ts on the bench's database, and its address. */
async function startReference(kind: 'reads' | 'select') {
  const port = await freePort();
  const { child } = await start(
    ['--import', import.meta.resolve('tsx'), path.join(here, 'reference-servers.ts'), kind],
    { DATABASE_URL: url, PORT: String(port), JWT_SECRET: secret },
    /ready/,
  );
  return { child, base: `http://127.0.0.1:${port}` };
}

async function main() {
  console.log(
    `preparing ${PAIRS} pairs, ${SAMPLES} presence samples and a member with ${CONVERSATIONS} conversations…`,
  );
  const { ids, heavy } = await prepareDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinodost-bench-msg-'));
  const app = await start(
    ['--import', import.meta.resolve('tsx'), path.join(here, '../server/src/main.ts')],
    {
      DATABASE_URL: url,
      JWT_SECRET: secret,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'none'),
    },
    /Server listening at http:\/\/127\.0\.0\.1:(\d+)/,
  );
  const base = `http://127.0.0.1:${app.match[1]}`;
  const token = (id: string) => sign({ sub: id, ver: 0 });

  // Every pair member connected; arrivals of messages and presence events recorded by key.
  const arrived = new Map<string, number>();
  const onlineSeen: number[] = [];
  const onlineAt = new Map<string, number>();
  const sockets: Socket[] = [];
  /** Sockets the server or a missed ping closed before the end (their members miss messages). */
  let dropped = 0;
  let closingAll = false;
  console.log(`connecting ${PAIRS * 2} sockets…`);
  const members = ids.slice(0, PAIRS * 2);
  const connecting = new Date(Date.now() - 1000);
  for (let i = 0; i < members.length; i += 200) {
    await Promise.all(
      members.slice(i, i + 200).map(
        (id) =>
          new Promise<void>((resolve, reject) => {
            const s = io(base, {
              auth: { token: token(id) },
              transports: ['websocket'],
              forceNew: true,
              reconnection: false,
            });
            s.on('message:new', ({ message }) => {
              if (message.to === id && message.text) arrived.set(message.text, now());
            });
            s.on('user:online', ({ userId }) => {
              const at = onlineAt.get(userId);
              if (at !== undefined) onlineSeen.push(now() - at);
            });
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
            s.on('disconnect', () => {
              if (!closingAll) dropped++;
            });
            sockets.push(s);
          }),
      ),
    );
  }
  const connected = await settled(members, connecting);
  await pause(1000);

  /** One member comes online and leaves; user:online to their connected friends is timed. */
  const comeOnline = async (id: string) => {
    const s = io(base, { auth: { token: token(id) }, transports: ['websocket'], forceNew: true, reconnection: false });
    onlineAt.set(id, now());
    await new Promise<void>((resolve) => s.once('connect', () => resolve()));
    await pause(40);
    s.close();
  };

  console.log(`warm-up: ${WARM_UP} unmeasured sends…`);
  const send = (from: string, to: string, text: string) =>
    fetch(`${base}/api/messages/${to}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token(from)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
  for (let i = 0; i < WARM_UP; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, k) => {
        const p = PAIRS - 1 - ((i + k) % PAIRS);
        return send(ids[2 * p] as string, ids[2 * p + 1] as string, `w:${i + k}`);
      }),
    );
  }
  await pause(1000);

  console.log(`presence, idle: ${SAMPLES} members coming online…`);
  for (const id of ids.slice(PAIRS * 2, PAIRS * 2 + SAMPLES)) {
    await comeOnline(id);
    await pause(20);
  }
  await pause(1000);
  const presenceIdle = onlineSeen.splice(0).sort((a, b) => a - b);

  console.log(
    `messages: ${ROUNDS} rounds of ${PAIRS} at ${RATE} a second, ${SAMPLES} members coming online meanwhile…`,
  );
  const sentAt = new Map<string, number>();
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const gap = 1000 / RATE;
  const t0 = now();
  let n = 0;
  // Presence under the same load: the second set of sample members, spread over the sending.
  const spacing = (ROUNDS * PAIRS * gap) / SAMPLES;
  const presenceUnderLoad = (async () => {
    const members = ids.slice(PAIRS * 2 + SAMPLES, PAIRS * 2 + SAMPLES * 2);
    for (let k = 0; k < members.length; k++) {
      const wait = t0 + (k + 0.5) * spacing - now();
      if (wait > 1) await pause(wait);
      await comeOnline(members[k] as string);
    }
  })();
  for (let r = 0; r < ROUNDS; r++) {
    for (let p = 0; p < PAIRS; p++) {
      const [from, to] = r % 2 === 0 ? [ids[2 * p], ids[2 * p + 1]] : [ids[2 * p + 1], ids[2 * p]];
      const text = `b:${r}:${p}`;
      const due = t0 + n++ * gap;
      const wait = due - now();
      if (wait > 1) await pause(wait);
      while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
      sentAt.set(text, now());
      const sending: Promise<void> = send(from as string, to as string, text)
        .then((status) => {
          if (status !== 201) failed++;
        })
        .catch(() => {
          failed++;
        })
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
  }
  await Promise.all(inFlight);
  const sendSeconds = (now() - t0) / 1000;
  await presenceUnderLoad;
  await pause(2000);
  const delivery = [...sentAt]
    .filter(([text]) => arrived.has(text))
    .map(([text, at]) => (arrived.get(text) as number) - at)
    .sort((a, b) => a - b);
  const presence = onlineSeen.sort((a, b) => a - b);

  // The list and its references are read in turn, in slices, once the pairs' sockets have closed
  // and the server has announced each member offline: meanwhile 4,000 announcements hold its
  // pool, and idle sockets' pings (every 25 s, in bursts) would fall in one slice or another.
  closingAll = true;
  const closing = new Date();
  for (const s of sockets) s.close();
  const offline = await settled(members, closing);
  console.log(
    `conversation list of a member with ${CONVERSATIONS} conversations, 50 connections, in turn with its references…`,
  );
  const sameSqlRoute = await startReference('reads');
  const selectRoute = await startReference('select');
  const specs = (duration: number): [LoadSpec, LoadSpec, LoadSpec] => {
    const get = (url: string, paths: string[], tokens: string[] = []): LoadSpec => ({
      url,
      connections: 50,
      duration,
      method: 'GET',
      paths,
      tokens,
    });
    return [
      get(base, ['/api/messages'], [token(heavy)]),
      get(sameSqlRoute.base, [`/conversations/${heavy}`]),
      get(
        selectRoute.base,
        ids.slice(0, 1000).map((id) => `/user/${id}`),
      ),
    ];
  };
  // Unmeasured: each pool's connections and each route's first plans.
  await inTurn(specs(1), 1);
  const [list, sameSql, reference] = await inTurn(specs(Math.max(1, Math.round(DURATION / LIST_ROUNDS))), LIST_ROUNDS);
  for (const server of [app, sameSqlRoute, selectRoute]) await stopProcess(server.child);
  await rm(dataDir, { recursive: true, force: true });

  const deliveryP50 = quantile(delivery, 0.5);
  const deliveryP99 = quantile(delivery, 0.99);
  const presenceP50 = quantile(presence, 0.5);
  const presenceP99 = quantile(presence, 0.99);
  const idleP50 = quantile(presenceIdle, 0.5);
  const idleP99 = quantile(presenceIdle, 0.99);
  const ratio = presenceP99 > 0 ? deliveryP99 / presenceP99 : Number.NaN;
  const idleRatio = idleP99 > 0 ? deliveryP99 / idleP99 : Number.NaN;
  const listRatio = list.rps / sameSql.rps;
  const listP99Ratio = list.p99 / sameSql.p99;
  const selectRatio = list.rps / reference.rps;
  const data = {
    pairs: PAIRS,
    sockets: PAIRS * 2,
    sockets_settled_after_connect: connected,
    sockets_settled_after_close: offline,
    sockets_dropped: dropped,
    warm_up_sends: WARM_UP,
    messages_sent: sentAt.size,
    messages_delivered: delivery.length,
    send_failures: failed,
    rate_per_second: RATE,
    achieved_rate_per_second: round(sentAt.size / sendSeconds),
    delivery_p50_ms: round(deliveryP50),
    delivery_p99_ms: round(deliveryP99),
    presence_deliveries: presence.length,
    presence_p50_ms: round(presenceP50),
    presence_p99_ms: round(presenceP99),
    delivery_p99_ratio_to_presence_p99: round(ratio, 3),
    presence_idle_deliveries: presenceIdle.length,
    presence_idle_p50_ms: round(idleP50),
    presence_idle_p99_ms: round(idleP99),
    delivery_p99_ratio_to_idle_presence_p99: round(idleRatio, 3),
    conversation_list: { conversations: CONVERSATIONS, connections: 50, ...list },
    same_sql_reference: sameSql,
    conversation_list_rps_ratio_to_same_sql: round(listRatio, 3),
    conversation_list_p99_ratio_to_same_sql: round(listP99Ratio, 3),
    one_select_reference: reference,
    conversation_list_rps_ratio_to_select: round(selectRatio, 3),
  };
  console.log(readable(data));
  await writeResult(
    'messages',
    data,
    [
      {
        figure: `Message delivery p99 (${PAIRS} pairs connected, ${RATE}/s), / presence p99 under the same load`,
        value: `${round(deliveryP99)} ms / ${round(presenceP99)} ms (idle presence ${round(idleP99)} ms)`,
        budget: '≤ 2×',
        ratio: round(ratio, 3),
        pass: ratio <= 2,
      },
      {
        figure: `Conversation list, ${CONVERSATIONS} conversations, 50 connections, / bare route, same SQL`,
        value: `${round(list.rps)} req/s (p99 ${list.p99} ms) / ${round(sameSql.rps)} req/s (p99 ${sameSql.p99} ms)`,
        budget: '≥ 0.75, p99 ≤ 1.5×',
        ratio: round(listRatio, 3),
        pass: listRatio >= 0.75 && listP99Ratio <= 1.5,
      },
    ],
    `| pairs | sent | delivered | delivery p50 / p99 ms | presence under load p50 / p99 ms | p99 ratio | idle presence p50 / p99 ms | ratio to idle |
|---|---|---|---|---|---|---|---|
| ${PAIRS} | ${sentAt.size} | ${delivery.length} | ${round(deliveryP50)} / ${round(deliveryP99)} | ${round(presenceP50)} / ${round(presenceP99)} | ${round(ratio, 3)} | ${round(idleP50)} / ${round(idleP99)} | ${round(idleRatio, 3)} |

| list req/s | list p99 ms | same-SQL route req/s | its p99 ms | list / same SQL (req/s, p99) | one-SELECT req/s | list / SELECT |
|---|---|---|---|---|---|---|
| ${round(list.rps)} | ${list.p99} | ${round(sameSql.rps)} | ${sameSql.p99} | ${round(listRatio, 3)}, ${round(listP99Ratio, 3)} | ${round(reference.rps)} | ${round(selectRatio, 3)} |
`,
  );
  process.exit(0);
}

await main();

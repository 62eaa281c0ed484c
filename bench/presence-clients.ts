// A load generator process for bench/presence.ts: opens one socket per token it is given,
// reports when all are connected, and timestamps every user:online it sees (monotonic clock).
import { io, type Socket } from 'socket.io-client';

const url = process.env.BENCH_URL as string;
const sockets: Socket[] = [];
const seen: [string, string][] = []; // [userId, hrtime ns]

/** The tokens arrive over IPC: thousands of them would overflow the environment. */
const tokensReady = new Promise<string[]>((resolve) => {
  const onMessage = (m: { type: string; tokens?: string[] }) => {
    if (m.type !== 'tokens') return;
    process.off('message', onMessage);
    resolve(m.tokens ?? []);
  };
  process.on('message', onMessage);
});

async function main() {
  const tokens = await tokensReady;
  let next = 0;
  const connectOne = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const s = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
      s.on('user:online', (p: { userId: string }) => seen.push([p.userId, process.hrtime.bigint().toString()]));
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
      sockets.push(s);
    });
  // A bounded number of handshakes in flight, like real clients arriving over time.
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      while (next < tokens.length) await connectOne(tokens[next++] as string);
    }),
  );
  process.send?.({ type: 'connected', count: sockets.length });
  process.on('message', (m: { type: string }) => {
    if (m.type === 'report') process.send?.({ type: 'seen', seen });
    if (m.type === 'stop') {
      for (const s of sockets) s.close();
      process.exit(0);
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

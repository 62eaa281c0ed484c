// The load generator, a child process of bench/http.ts so it never shares an event loop with
// the server it measures. It takes one LoadSpec over IPC, runs autocannon and sends back the
// summary. Paths, tokens and bodies rotate request by request, so many members are exercised.
import autocannon from 'autocannon';
import { build, encodeIntoCompressedBase64 } from 'hdr-histogram-js';
import { latencyOf } from './latency';

export interface LoadSpec {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  method: 'GET' | 'POST';
  paths: string[];
  tokens: string[];
  bodies?: string[];
  /** Sent with every request, as a browser sends its Accept-Encoding. */
  headers?: Record<string, string>;
  /** Where in the rotation of paths, tokens and bodies the first request starts (default 0). */
  start?: number;
  /** A response header whose values are counted (e.g. x-cache: hit / miss). */
  countHeader?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** With countHeader: how many answers carried each value of it. */
  headerCounts?: Record<string, number>;
  /**
   * The latency (ms) of every 2xx answer but each connection's first (firstAnswers), in an
   * HdrHistogram compressed in base64: slices of a load merge into one exactly (combineSlices).
   * Left out of the result files (machine.ts).
   */
  histogram: string;
  /** Answers left out of the latencies: each connection's first, which waited to be accepted. */
  firstAnswers: number;
}

/** What autocannon answers with `skipAggregateResult` (its run.js), as far as it is read here. */
interface RawResult {
  totalCompletedRequests: number;
  samples: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** The `i`th request of a load: its path, token and body in their rotations. */
function requestAt(spec: LoadSpec, i: number): { path: string; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { ...spec.headers };
  const token = spec.tokens.length ? spec.tokens[i % spec.tokens.length] : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  const body = spec.bodies?.[i % spec.bodies.length];
  if (body) headers['content-type'] = 'application/json';
  return { path: spec.paths[i % spec.paths.length] as string, headers, body };
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  let n = spec.start ?? 0;
  const counted = spec.countHeader?.toLowerCase();
  const headerCounts: Record<string, number> = {};
  const onResponse = counted
    ? (_status: number, _body: string, _context: object, headers?: Record<string, unknown>) => {
        const value = String(headers?.[counted] ?? '(none)');
        headerCounts[value] = (headerCounts[value] ?? 0) + 1;
      }
    : undefined;
  // Latencies as autocannon records them (2xx only, 1 ms to 10 s, five digits), except each
  // connection's first answer: Node accepts one new connection per turn of its event loop, so on a
  // busy server the first requests of a slice's last connections waited to be accepted, not served
  // (docs/benchmarks.md, "Connections opened at once").
  const latencies = build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 10_000,
    numberOfSignificantValueDigits: 5,
    autoResize: true,
  });
  const answered = new WeakSet<object>();
  let firstAnswers = 0;
  // The run's own histograms, not their summary (`skipAggregateResult`).
  const result = await new Promise<RawResult>((resolve, reject) => {
    const load = autocannon(
      {
        skipAggregateResult: true,
        url: spec.url,
        connections: spec.connections,
        duration: spec.duration,
        timeout: 10,
        requests: [
          {
            method: spec.method,
            setupRequest: (req) => {
              const { path, headers, body } = requestAt(spec, n++);
              // The request setupRequest answers is the one whose response is recorded: it carries onResponse.
              return {
                ...req,
                path,
                headers: { ...req.headers, ...headers },
                body,
                ...(onResponse ? { onResponse } : {}),
              };
            },
            ...(onResponse ? { onResponse } : {}),
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res as unknown as RawResult)),
    );
    load.on('response', (client, status, _bytes, time) => {
      if (!answered.has(client)) {
        answered.add(client);
        firstAnswers++;
      } else if (status >= 200 && status < 300) latencies.recordValue(Math.round(time));
    });
  });
  if (spec.method === 'GET') await drain(spec, n);
  const histogram = encodeIntoCompressedBase64(latencies);
  latencies.destroy();
  return {
    // autocannon's own average: answers a second over the run's one-second samples.
    rps: result.totalCompletedRequests / Math.max(1, result.samples),
    ...latencyOf(histogram),
    histogram,
    firstAnswers,
    requests: result.totalCompletedRequests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(counted ? { headerCounts } : {}),
  };
}

/**
 * autocannon ends a load by closing its connections, but the requests they had in flight (one per
 * connection) stay queued in the server, behind its database pool. On a slow route (the
 * 500-conversation list: about 30 ms of work each) they held the server and PostgreSQL for up to a
 * second after the load, and the next slice, the reference's or the app's, began with its first
 * requests waiting 0.5-1.4 s behind them. One more request, the load's next, is queued after them
 * and answers once they are done; the next slice starts then. Reads only: a write would add a row
 * (docs/benchmarks.md, "Requests left in flight").
 */
async function drain(spec: LoadSpec, i: number): Promise<void> {
  const { path, headers } = requestAt(spec, i);
  try {
    await (await fetch(new URL(path, spec.url), { headers, signal: AbortSignal.timeout(30_000) })).arrayBuffer();
  } catch {
    // A server that does not answer shows in the next load's errors; this one only waits.
  }
}

if (process.send) {
  process.once('message', async (spec: LoadSpec) => {
    try {
      process.send?.({ ok: true, result: await runLoad(spec) });
    } catch (err) {
      process.send?.({ ok: false, error: String(err) });
    }
    process.disconnect();
  });
}

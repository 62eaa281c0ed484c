/** One HTTP answer as the suites look at it. */
export interface Answer {
  status: number;
  body: unknown;
  ms: number;
  /** Set when no answer came: the connection failed or the client gave up waiting. */
  failure?: string;
  /** The server answered a repeated Idempotency-Key with the first answer (`Idempotent-Replayed`). */
  replayed?: boolean;
}

/** Calls the API; never throws: a refused connection or a timeout comes back as status 0 with `failure`. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number; idempotencyKey?: string } = {},
): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    const answer: Answer = { status: res.status, body, ms: Date.now() - started };
    if (res.headers.get('idempotent-replayed') === 'true') answer.replayed = true;
    return answer;
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { status: 0, body: null, ms: Date.now() - started, failure: e.cause?.code ?? e.name };
  }
}

let seq = 0;
/** A fresh member's registration fields (unique within this process). */
export function newMember(tag = 'r') {
  const id = `${tag}${process.pid.toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: id.slice(0, 30), email: `${id}@kinodost.test`, password: 'kino-sevgisi-7' };
}

/** Registers a member and returns their id and token; throws when the server refuses. */
export async function register(base: string, tag?: string) {
  const fields = newMember(tag);
  const answer = await call(base, 'POST', '/api/auth/register', { body: fields });
  if (answer.status !== 201) throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
  const { token } = answer.body as { token: string };
  return { ...fields, id: userIdOf(token), token };
}

/** The error body (docs/product.md#api-shape): success false, an Azerbaijani text and a code. */
export function isErrorBody(body: unknown, code?: string): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as { success?: unknown; error?: unknown; code?: unknown };
  return (
    b.success === false &&
    typeof b.error === 'string' &&
    b.error.length > 0 &&
    typeof b.code === 'string' &&
    (code === undefined || b.code === code)
  );
}

/** The user id a token was issued to (its `sub` claim). */
export function userIdOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub;
}

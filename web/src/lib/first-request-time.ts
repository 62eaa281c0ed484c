/**
 * The server's time when this page sent its first API request: everything the page shows was
 * fetched after it. The realtime socket sends it in its handshake (`since`), and the server tells
 * the page to refetch only if it sent this member an event since then (server/src/plugins/socket.ts);
 * the socket connects once the page is idle, after its data came, and such an event reached no
 * socket of the page.
 *
 * The server's clock is read from an answer's Date header, in whole seconds rounded down and
 * read after the answer's way back, so the estimate can only come out early: at worst the page
 * refetches when it need not.
 */
let firstSentAt: number | undefined;
/** The server's clock minus ours, or less. */
let serverAhead: number | undefined;

/** Before each API request is sent. */
export function noteRequestSent(): void {
  firstSentAt ??= Date.now();
}

/** With each API answer. */
export function noteAnswer(response: Response): void {
  if (serverAhead !== undefined) return;
  const date = Date.parse(response.headers.get('date') ?? '');
  if (Number.isFinite(date)) serverAhead = date - Date.now();
}

/** The server's time of the first request, once an answer has told its clock. */
export function firstRequestServerTime(): number | undefined {
  return firstSentAt === undefined || serverAhead === undefined ? undefined : firstSentAt + serverAhead;
}

/** Forgets both (tests). */
export function resetFirstRequestTime(): void {
  firstSentAt = undefined;
  serverAhead = undefined;
}

/**
 * A request URL as the log may keep it: a password-reset token in the path (the mailed page
 * `/reset-password/<token>` and its check `/api/auth/reset-password/<token>`) is a live
 * credential for an hour, so it never reaches a log line.
 */
export const urlForLog = (url: string): string => url.replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]');

/** What a request's log line says of it: Fastify's default fields, with the URL made safe. */
export const requestForLog = (request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) => ({
  method: request.method,
  url: urlForLog(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

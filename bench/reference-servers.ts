// The two references every HTTP figure is a ratio to, run as their own process on PORT:
//   node  — a bare node:http JSON server (the ceiling of one Node process);
//   select — a bare Fastify route doing one primary-key SELECT through a pg pool (the practical
//            ceiling of a route that touches PostgreSQL), GET /user/:id.
import http from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT);
const kind = process.argv[2];

if (kind === 'node') {
  const body = JSON.stringify({ success: true, data: { id: 'a1b2c3', username: 'bench', ok: true } });
  http
    .createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    })
    .listen(port, '127.0.0.1', () => console.log('ready'));
} else if (kind === 'select') {
  // The same pool size as the app's (server/src/db/client.ts).
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/user/:id', async (request) => {
    const { rows } = await pool.query(
      'select id, username, email, avatar, is_admin, created_at from users where id = $1',
      [request.params.id],
    );
    return { success: true, data: rows[0] ?? null };
  });
  await app.listen({ port, host: '127.0.0.1' });
  console.log('ready');
} else {
  throw new Error('usage: reference-servers.ts node|select');
}

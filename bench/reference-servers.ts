// The references every HTTP figure is a ratio to, run as their own process on PORT:
//   node   — a bare node:http JSON server (the ceiling of one Node process);
//   select — a bare Fastify route doing one primary-key SELECT through a pg pool (the practical
//            ceiling of a route that touches PostgreSQL), GET /user/:id;
//   reads  — one bare Fastify route per authenticated read of the app, each running the SQL the
//            app's route runs for the same page (the statements as the app sends them, read from
//            PostgreSQL's statement log), through a pg pool: no auth, cache, validation or ORM.
//            The member is named in the path; film search calls the repository function (its
//            statements depend on the query). `reads --pglite <folder>` runs the same routes on
//            PGlite opened on <folder> (a copy of the app's data folder);
//   pglite-open — opens PGlite on the folder in PGLITE_DIR, runs `select 1` and prints ready: what
//            a restart of the app costs PGlite itself.
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { createVerifier } from 'fast-jwt';
import Fastify from 'fastify';
import pg from 'pg';
import { pgliteExtensions } from '../server/src/db/client';
import { openPostgres } from '../server/src/db/postgres';
import { searchFilms } from '../server/src/features/films/films.repository';
import { filmsHeldBy } from '../server/src/features/movies/movies.repository';

const port = Number(process.env.PORT);
const kind = process.argv[2];

/** Runs a statement; `named: false` sends it unnamed, as the app does for a statement it does not prepare. */
type Query = (text: string, params: unknown[], named?: boolean) => Promise<Record<string, unknown>[]>;

/** Movies of a member, newest first (movies_of_owner_rows). */
const MOVIES = `select "id", "owner_id", "film_id", "title", "year", "genres", "director", "overview", "poster_url", "rating", "status", "watched_at", "created_at", "updated_at" from "movies" where "movies"."owner_id" = $1 order by "movies"."created_at" desc, "movies"."id" desc limit $2 offset $3`;
const MOVIES_TOTAL = `select count(*) from "movies" where "movies"."owner_id" = $1`;
/** A member's friends by name, with the total (friends_of_rows). */
const FRIENDS = `select "users"."id", "users"."username", "users"."avatar", "friendship_id", "since", count(*) over () from ((select "addressee_id" as "other", "id" as "friendship_id", coalesce("accepted_at", "created_at") as "since" from "friendships" where ("friendships"."requester_id" = $1 and "friendships"."status" = $2)) union all (select "requester_id" as "other", "id" as "friendship_id", coalesce("accepted_at", "created_at") as "since" from "friendships" where ("friendships"."addressee_id" = $3 and "friendships"."status" = $4))) "f" inner join "users" on "users"."id" = "other" order by lower("users"."username") asc, "users"."id" asc limit $5 offset $6`;
/** Requests sent to a member, newest first (pending_incoming_rows, pending_incoming_total). */
const INCOMING = `select "friendships"."id", "friendships"."created_at", "users"."id", "users"."username", "users"."avatar" from "friendships" inner join "users" on "users"."id" = "friendships"."requester_id" where ("friendships"."addressee_id" = $1 and "friendships"."status" = $2) order by "friendships"."created_at" desc, "friendships"."id" desc limit $3 offset $4`;
const INCOMING_TOTAL = `select count(*) from "friendships" where ("friendships"."addressee_id" = $1 and "friendships"."status" = $2)`;
/** newsletters_unread_count */
const UNREAD = `select (select count(*) from "newsletters")::int - (select count(*) from "newsletter_reads" where "user_id" = $1)::int from (select 1) as one`;
/** newsletters_latest_unread */
const LATEST = `select "id", "title", "is_important", "author_id", "created_at", "updated_at" from "newsletters" where not exists (select 1 from "newsletter_reads" where ("newsletter_reads"."newsletter_id" = "newsletters"."id" and "newsletter_reads"."user_id" = $1)) order by "newsletters"."created_at" desc, "newsletters"."id" desc limit $2`;
/** The admins' users page, newest first, and the admin count it carries. */
const USERS_PAGE = `select "id", "username", "username_skeleton", "email", "password_hash", "avatar", "is_admin", "token_version", "last_seen_at", "created_at", "updated_at" from "users" order by "users"."created_at" desc, "users"."id" asc limit $1 offset $2`;
const ADMIN_COUNT = `select count(*) from "users" where "users"."is_admin" = $1`;
/** The film page: the film, its stats, the viewer's entry and their friends' entries. */
const FILM = `select "id", "title", "original_title", "year", "directors", "genres", "runtime", "overview", "poster_url", "imdb_id", "tmdb_id", "source", "created_by", "created_at", "updated_at" from "films" where "films"."id" = $1`;
const FILM_STATS = `select count(*) filter (where "status" = 'watched')::int, count(*) filter (where "status" = 'watchlist')::int, round(avg("rating"), 1), count("rating")::int from "movies" where "movies"."film_id" = $1`;
const ENTRY_COLUMNS = `"movies"."id", "movies"."owner_id", "movies"."film_id", "movies"."title", "movies"."year", "movies"."genres", "movies"."director", "movies"."overview", "movies"."poster_url", "movies"."rating", "movies"."status", "movies"."watched_at", "movies"."created_at", "movies"."updated_at", "users"."id", "users"."username", "users"."avatar", "users"."visibility"`;
const FILM_MINE = `select ${ENTRY_COLUMNS} from "movies" inner join "users" on "users"."id" = "movies"."owner_id" where ("movies"."owner_id" = $1 and "movies"."film_id" = $2)`;
/** The friends' entries as the page shows them, each as far as its owner's visibility shows it to the viewer ($2 … $8). */
const FILM_FRIENDS = `select "movies"."status", "movies"."rating", "movies"."watched_at", "users"."id", "users"."username", "users"."avatar" from "movies" inner join "users" on "users"."id" = "movies"."owner_id" where ("movies"."film_id" = $1 and "movies"."owner_id" in (
      select "friendships"."addressee_id" from "friendships"
        where "friendships"."requester_id" = $2::uuid and "friendships"."status" = 'accepted'
      union all
      select "friendships"."requester_id" from "friendships"
        where "friendships"."addressee_id" = $3::uuid and "friendships"."status" = 'accepted') and ("users"."id" = $4::uuid or (not exists (select 1 from "blocks" where ("blocks"."blocker_id" = $5::uuid and "blocks"."blocked_id" = "users"."id")
    or ("blocks"."blocker_id" = "users"."id" and "blocks"."blocked_id" = $6::uuid)) and ("users"."visibility" = 'public' or ("users"."visibility" = 'friends' and exists (select 1 from "friendships" where "friendships"."status" = 'accepted'
    and least("friendships"."requester_id", "friendships"."addressee_id") = least($7::uuid::uuid, "users"."id"::uuid)
    and greatest("friendships"."requester_id", "friendships"."addressee_id") = greatest($8::uuid::uuid, "users"."id"::uuid))))))) order by "movies"."updated_at" desc, "movies"."id" desc limit $9`;

/** The conversation list of a member (messages.repository listConversations), every conversation. */
const CONVERSATIONS = `with unread as (
        select sender_id, count(*)::int as n from messages
        where recipient_id = $1::uuid and read_at is null group by sender_id),
      friends as (
        select addressee_id as other_id from friendships where requester_id = $2::uuid and status = 'accepted'
        union all
        select requester_id from friendships where addressee_id = $3::uuid and status = 'accepted')
      select c.other_id, u.username, u.avatar, coalesce(un.n, 0) as unread,
        m.id as last_id, m.sender_id as last_from, m.text as last_text,
        to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_created_at,
        f.id as film_id, f.title as film_title, f.year as film_year, f.poster_url as film_poster_url
      from conversations c
      join friends fr on fr.other_id = c.other_id
      join users u on u.id = c.other_id
      join messages m on m.id = c.last_message_id
      left join films f on f.id = m.film_id
      left join unread un on un.sender_id = c.other_id
      where c.user_id = $4::uuid
      order by c.last_at desc, c.other_id`;

/** Runs a page's rows and, as db/paging.ts does, its total only when the page cannot tell it. */
async function paged(q: Query, rows: [string, unknown[]], total: [string, unknown[]], limit: number, offset: number) {
  const data = await q(...rows);
  const count = offset === 0 && data.length < limit ? data.length : Number((await q(...total))[0]?.count ?? 0);
  return { success: true, data, total: count };
}

/** A signed-in member's film search: the hits, and which of them the member holds. */
type FilmSearch = (q: string, viewer: string) => Promise<{ rows: unknown[]; total: number }>;

function readRoutes(q: Query, jwtSecret: string, filmSearch?: FilmSearch) {
  const app = Fastify({ logger: false });
  const verify = createVerifier({ key: jwtSecret, algorithms: ['HS256'] });
  // The app answers its own profile from a cache of the signed-in user's row: this keeps each row
  // it has read, so the profile reference verifies the token and answers from memory too.
  const profiles = new Map<string, Record<string, unknown>>();
  app.get('/profile', async (request, reply) => {
    let sub: string;
    try {
      sub = (verify(String(request.headers.authorization).slice(7)) as { sub: string }).sub;
    } catch {
      return reply.code(401).send({ success: false });
    }
    let profile = profiles.get(sub);
    if (!profile) {
      const [u] = await q(
        'select "id", "username", "email", "is_admin", "avatar", "token_version", "created_at" from "users" where "users"."id" = $1',
        [sub],
      );
      if (!u) return reply.code(401).send({ success: false });
      profile = {
        id: u.id,
        username: u.username,
        email: u.email,
        avatar_url: u.avatar ?? null,
        isAdmin: u.is_admin,
        created_at: u.created_at,
      };
      profiles.set(sub, profile);
    }
    return profile;
  });
  app.get<{ Params: { id: string } }>('/movies/:id', async (r) =>
    paged(q, [MOVIES, [r.params.id, 20, 0]], [MOVIES_TOTAL, [r.params.id]], 20, 0),
  );
  app.get<{ Params: { id: string } }>('/friends/:id', async (r) => {
    const data = await q(FRIENDS, [r.params.id, 'accepted', r.params.id, 'accepted', 20, 0]);
    return { success: true, data, total: Number(data[0]?.count ?? 0) };
  });
  app.get<{ Params: { id: string } }>('/incoming/:id', async (r) =>
    paged(q, [INCOMING, [r.params.id, 'pending', 20, 0]], [INCOMING_TOTAL, [r.params.id, 'pending']], 20, 0),
  );
  app.get<{ Params: { id: string } }>('/unread/:id', async (r) => {
    const [row] = await q(UNREAD, [r.params.id]);
    return { success: true, count: Math.max(0, Number(Object.values(row ?? {})[0] ?? 0)) };
  });
  app.get<{ Params: { id: string } }>('/latest/:id', async (r) => ({
    success: true,
    data: await q(LATEST, [r.params.id, 5]),
  }));
  app.get<{ Querystring: { page: string } }>('/admin-users', async (r) => {
    const offset = (Number(r.query.page) - 1) * 20;
    const [data, admins] = await Promise.all([q(USERS_PAGE, [20, offset]), q(ADMIN_COUNT, [true])]);
    return { success: true, data, adminCount: Number(admins[0]?.count ?? 0) };
  });
  app.get<{ Params: { viewer: string; film: string } }>('/film/:viewer/:film', async (r) => {
    const [film] = await q(FILM, [r.params.film]);
    const [stats] = await q(FILM_STATS, [r.params.film]);
    const [mine, friends] = await Promise.all([
      q(FILM_MINE, [r.params.viewer, r.params.film]),
      q(FILM_FRIENDS, [r.params.film, ...Array.from({ length: 7 }, () => r.params.viewer), 100]),
    ]);
    return { ...film, stats, mine: mine[0] ?? null, friends };
  });
  app.get<{ Params: { id: string } }>('/conversations/:id', async (r) => ({
    success: true,
    // Unnamed, as the app sends it (db.execute): planned afresh for the member on every call.
    data: await q(CONVERSATIONS, [r.params.id, r.params.id, r.params.id, r.params.id], false),
  }));
  // Film search's statements depend on the query (a typo takes more), so this one calls the
  // repository functions themselves: the same statements through the same pool, without the route.
  if (filmSearch)
    app.get<{ Querystring: { q: string; viewer: string } }>('/film-search', async (r) => {
      const { rows, total } = await filmSearch(r.query.q, r.query.viewer);
      return { success: true, data: rows, total };
    });
  return app;
}

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
} else if (kind === 'reads') {
  const at = process.argv.indexOf('--pglite');
  let q: Query;
  let filmSearch: FilmSearch | undefined;
  if (at >= 0) {
    const client = await PGlite.create({ dataDir: process.argv[at + 1], extensions: pgliteExtensions });
    q = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
  } else {
    const database = openPostgres(process.env.DATABASE_URL as string, { max: 10 });
    const pool = database.pool as pg.Pool;
    filmSearch = async (text, viewer) => {
      const found = await searchFilms(database.db, text, { page: 1, limit: 10 });
      const held = await filmsHeldBy(
        database.db,
        viewer,
        found.rows.map((f) => f.id),
      );
      return { rows: found.rows.map((f) => ({ ...f, in_collection: held.has(f.id) })), total: found.total };
    };
    // Named like the app's prepared statements, so each pooled connection parses a text once.
    const names = new Map<string, string>();
    q = async (text, params, named = true) => {
      if (!named) return (await pool.query(text, params)).rows;
      let name = names.get(text);
      if (!name) {
        name = `ref_${names.size}`;
        names.set(text, name);
      }
      return (await pool.query({ name, text, values: params })).rows;
    };
  }
  const app = readRoutes(q, process.env.JWT_SECRET ?? '', filmSearch);
  await app.listen({ port, host: '127.0.0.1' });
  console.log('ready');
} else if (kind === 'pglite-open') {
  const client = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: pgliteExtensions });
  await client.query('select 1');
  console.log('ready');
  await client.close();
} else {
  throw new Error('usage: reference-servers.ts node|select|reads [--pglite <folder>]|pglite-open');
}

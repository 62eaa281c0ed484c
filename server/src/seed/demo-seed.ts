import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { comments, friendships, movies, newsletters, users } from '../db/schema/index';
import { loadBundledCatalogue } from '../features/films';
import { hashPassword } from '../lib/password';
import { usernameKey } from '../lib/username';
import { loadDemoFilms } from './demo-catalogue';
import { ago, seedDemoActivity, seedDemoMessages, seedDemoNotifications } from './demo-social';

/** Demo members share one password, printed by the command. */
export const DEMO_PASSWORD = 'kinodost-demo-2026';
export const DEMO_ADMIN = 'demo.admin';
export const DEMO_MEMBERS = ['aysel', 'orxan', 'leyla', 'tural', 'nigar', 'kamran'] as const;
const demoEmail = (username: string) => `${username}@demo.kinodost.az`;

const DEMO_COMMENTS = [
  'Çox təsirli filmdir, hər kəsə tövsiyə edirəm!',
  'Sonluğu gözləmədiyim kimi idi.',
  'Aktyor oyunu möhtəşəm idi.',
  'Bir dəfə baxmaq olar, amma ikinci dəfə yox.',
  'Musiqisi hələ də qulağımdadır.',
  'Dostlarla baxmaq üçün ideal seçim.',
];

const DEMO_NEWSLETTERS = [
  {
    title: 'KinoDost-a xoş gəldiniz!',
    content: '# Xoş gəldiniz\n\nFilm kolleksiyanızı yaradın, dostlarınızı tapın və **kimin onlayn olduğunu** görün.',
    isImportant: true,
  },
  {
    title: 'Yeni: filmlərdə axtarış',
    content: 'Axtarış indi Azərbaycan hərflərini başa düşür: `seher` yazsanız **Səhər** tapılacaq.',
    isImportant: false,
  },
  {
    title: 'Şərhlər moderasiya olunur',
    content: 'Yeni şərhlər admin təsdiqindən sonra hamıya görünür. Öz gözləyən şərhlərinizi siz görürsünüz.',
    isImportant: false,
  },
];

export interface SeedReport {
  members: number;
  movies: number;
  friendships: number;
  comments: number;
  newsletters: number;
  /** Friends' activity items, messages and notifications (demo-social.ts). */
  activities: number;
  messages: number;
  notifications: number;
}

/** What a run did: how many rows of each kind it added, and the usernames of the members it made. */
export interface SeedResult {
  report: SeedReport;
  newMembers: string[];
}

/**
 * The command's closing line: only the members this run made have the demo password. The
 * admin is left out when the install has one already, and so is a username a member of the
 * install had taken before.
 */
export function signInNote(newMembers: readonly string[]): string {
  if (newMembers.length === 0) return 'No members were added: the demo members exist already.';
  return `Members ${newMembers.join(', ')} sign in with the password "${DEMO_PASSWORD}".`;
}

const chunk = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Loads the demo catalogue: members, their movies (real films from vega-datasets), friendships,
 * comments, newsletters, friends' activity, two conversations, notifications and a friend request.
 * Safe to re-run: everything is keyed (usernames, owner + title, the friend pair, newsletter
 * titles) or written only while the demo members have none, and only what is missing is inserted.
 */
export async function seedDemo(db: Db, progress: (line: string) => void = () => {}): Promise<SeedResult> {
  const report: SeedReport = {
    members: 0,
    movies: 0,
    friendships: 0,
    comments: 0,
    newsletters: 0,
    activities: 0,
    messages: 0,
    notifications: 0,
  };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const hasAdmin = (await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1)).length > 0;
  const wanted = [...(hasAdmin ? [] : [DEMO_ADMIN]), ...DEMO_MEMBERS];
  const inserted = await db
    .insert(users)
    .values(
      wanted.map((u) => ({
        username: u,
        usernameSkeleton: usernameKey(u),
        email: demoEmail(u),
        passwordHash,
        isAdmin: u === DEMO_ADMIN,
      })),
    )
    .onConflictDoNothing()
    .returning({ username: users.username });
  report.members = inserted.length;
  const made = new Set(inserted.map((u) => u.username));
  const newMembers = wanted.filter((u) => made.has(u));
  // The demo's own accounts (by their address), made now or by an earlier run: a member of the
  // install who had taken one of the usernames gets no demo movies, friends or comments.
  const found = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.username})`, [...DEMO_MEMBERS]),
        inArray(
          sql`lower(${users.email})`,
          DEMO_MEMBERS.map((u) => demoEmail(u)),
        ),
      ),
    );
  const rank = (u: string) => DEMO_MEMBERS.indexOf(u.toLowerCase() as (typeof DEMO_MEMBERS)[number]);
  const members = found.sort((a, b) => rank(a.username) - rank(b.username));
  // Seen over the past day, as members who use the app, rather than "Bilinmir" (never signed in).
  for (const [i, m] of members.entries()) {
    await db
      .update(users)
      .set({ lastSeenAt: ago(i * 3 + 1) })
      .where(and(eq(users.id, m.id), isNull(users.lastSeenAt)));
  }
  progress(`members: ${members.length} (${report.members} new)`);

  // The demo films are the bundled catalogue's: loaded first (a no-op when it is), then linked.
  await loadBundledCatalogue(db);
  const films = await loadDemoFilms();
  const owned = await db
    .select({ ownerId: movies.ownerId, title: movies.title })
    .from(movies)
    .where(
      inArray(
        movies.ownerId,
        members.map((m) => m.id),
      ),
    );
  const have = new Set(owned.map((m) => `${m.ownerId}\n${m.title}`));
  // Every film has one member; one film in ten also two more, so film pages show friends who
  // watched it, their ratings and an average.
  const rows = films
    .flatMap((f, i) => (i % 10 === 0 ? [0, 1, 2] : [0]).map((k) => ({ f, i, k })))
    .map(({ f, i, k }) => {
      const owner = members[(i + k) % members.length] as { id: string };
      const watched = f.rating !== null && (i + k) % 3 !== 0;
      const rating = f.rating === null ? null : Math.min(10, Math.max(1, f.rating + (k === 1 ? 1 : k === 2 ? -1 : 0)));
      return {
        ...f,
        ownerId: owner.id,
        status: watched ? ('watched' as const) : ('watchlist' as const),
        watchedAt: watched ? new Date(Date.now() - ((i + k * 7) % 365) * 86400_000) : null,
        rating: watched ? rating : null,
        createdAt: new Date(Date.now() - (i % 60) * 86400_000 - i * 1000 - k * 60_000),
      };
    })
    .filter((r) => !have.has(`${r.ownerId}\n${r.title}`));
  for (const [n, batch] of chunk(rows, 500).entries()) {
    // Each entry is of the catalogue film of its title and year (docs/catalogue.md "Linking").
    const entries = batch.map((r) => ({
      owner_id: r.ownerId,
      title: r.title,
      year: r.year,
      status: r.status,
      watched_at: r.watchedAt,
      rating: r.rating,
      created_at: r.createdAt,
    }));
    const added = await db.execute(sql`
      insert into movies (owner_id, film_id, status, watched_at, rating, created_at)
      select v.owner_id, f.id, v.status, v.watched_at, v.rating, v.created_at
      from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
        as v(owner_id uuid, title text, year int, status text, watched_at timestamptz, rating smallint, created_at timestamptz)
      cross join lateral (
        select id from films where title_key = kd_fold(v.title) and year is not distinct from v.year
        order by created_at, id limit 1
      ) f
      on conflict do nothing
      returning id`);
    report.movies += (added as unknown as { rows: unknown[] }).rows.length;
    progress(`movies: ${report.movies}/${rows.length} (batch ${n + 1})`);
  }

  for (const [i, a] of members.entries()) {
    for (const b of members.slice(i + 1)) {
      const j = members.indexOf(b);
      if ((i + j) % 3 === 2) continue; // not everyone is friends with everyone
      // Friends for a week or so, so that the feed's newer items come first.
      const acceptedAt = ago(7 * 24 + i * 6 + j);
      const res = await db
        .insert(friendships)
        .values({
          requesterId: a.id,
          addresseeId: b.id,
          status: 'accepted',
          createdAt: ago(7 * 24 + i * 6 + j + 1),
          acceptedAt,
        })
        .onConflictDoNothing()
        .returning({ id: friendships.id });
      report.friendships += res.length;
    }
  }
  progress(`friendships: ${report.friendships} new`);

  const commented = await db
    .select({ id: comments.id })
    .from(comments)
    .where(
      inArray(
        comments.authorId,
        members.map((m) => m.id),
      ),
    )
    .limit(1);
  if (commented.length === 0) {
    const targets = await db
      .select({ id: movies.id, filmId: movies.filmId })
      .from(movies)
      .where(
        inArray(
          movies.ownerId,
          members.map((m) => m.id),
        ),
      )
      .limit(20);
    const values = targets.map((t, i) => ({
      filmId: t.filmId,
      movieId: t.id,
      authorId: (members[(i + 1) % members.length] as { id: string }).id,
      text: DEMO_COMMENTS[i % DEMO_COMMENTS.length] as string,
      status: i % 4 === 0 ? ('pending' as const) : ('approved' as const),
      createdAt: ago(i * 5 + 1),
    }));
    if (values.length)
      report.comments = (await db.insert(comments).values(values).returning({ id: comments.id })).length;
  }
  progress(`comments: ${report.comments} new`);

  for (const n of DEMO_NEWSLETTERS) {
    const exists = await db
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(and(eq(newsletters.title, n.title)))
      .limit(1);
    if (exists.length === 0) {
      await db.insert(newsletters).values(n);
      report.newsletters++;
    }
  }
  progress(`newsletters: ${report.newsletters} new`);

  const memberIds = members.map((m) => m.id);
  report.activities = await seedDemoActivity(db, memberIds);
  progress(`friends' activity: ${report.activities} new`);
  report.messages = await seedDemoMessages(db, memberIds);
  progress(`messages: ${report.messages} new`);
  report.notifications = await seedDemoNotifications(db, memberIds);
  progress(`notifications: ${report.notifications} new`);
  return { report, newMembers };
}

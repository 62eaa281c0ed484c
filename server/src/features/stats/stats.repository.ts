import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** All SQL of the admin overview. */

export interface Totals {
  users: number;
  movies: number;
  pendingComments: number;
  films: number;
  comments: number;
  activeToday: number;
  activeThisWeek: number;
}

type TotalsRow = Record<'users' | 'movies' | 'pending' | 'films' | 'comments' | 'today' | 'week', number>;

/**
 * The overview's counts. Activity is read from `users.last_seen_at` (touched by the presence
 * socket) in UTC calendar days, like the chart: "today" is since 00:00 UTC of the current day,
 * "this week" since 00:00 UTC six days earlier, i.e. the same seven days as the 7-day chart.
 */
export const totals = async (db: Db): Promise<Totals> => {
  const res = await db.execute(sql`
    with bounds as (
      select ((now() at time zone 'utc')::date)::timestamp at time zone 'utc' as today,
             ((now() at time zone 'utc')::date - 6)::timestamp at time zone 'utc' as week
    )
    select (select count(*) from users)::int as users,
           (select count(*) from movies)::int as movies,
           (select count(*) from comments where status = 'pending')::int as pending,
           (select count(*) from films)::int as films,
           (select count(*) from comments)::int as comments,
           (select count(*) from users, bounds where last_seen_at >= bounds.today)::int as today,
           (select count(*) from users, bounds where last_seen_at >= bounds.week)::int as week`);
  const row = (res as unknown as { rows: TotalsRow[] }).rows[0];
  return {
    users: Number(row?.users ?? 0),
    movies: Number(row?.movies ?? 0),
    pendingComments: Number(row?.pending ?? 0),
    films: Number(row?.films ?? 0),
    comments: Number(row?.comments ?? 0),
    activeToday: Number(row?.today ?? 0),
    activeThisWeek: Number(row?.week ?? 0),
  };
};

export interface DayRow {
  date: string;
  signups: number;
  movies: number;
  comments: number;
}

/** Sign-ups, movies and comments per UTC day over the last `days` days, zeros included. */
export const dailyActivity = async (db: Db, days: number): Promise<DayRow[]> => {
  const res = await db.execute(sql`
    with span as (
      select generate_series((now() at time zone 'utc')::date - (${days}::int - 1), (now() at time zone 'utc')::date, interval '1 day')::date as day
    ),
    since as (select (min(day))::timestamp at time zone 'utc' as t from span),
    u as (select (created_at at time zone 'utc')::date as day, count(*)::int as n from users, since where created_at >= since.t group by 1),
    m as (select (created_at at time zone 'utc')::date as day, count(*)::int as n from movies, since where created_at >= since.t group by 1),
    c as (select (created_at at time zone 'utc')::date as day, count(*)::int as n from comments, since where created_at >= since.t group by 1)
    select to_char(span.day, 'YYYY-MM-DD') as date,
           coalesce(u.n, 0) as signups, coalesce(m.n, 0) as movies, coalesce(c.n, 0) as comments
    from span left join u using (day) left join m using (day) left join c using (day)
    order by span.day`);
  return (res as unknown as { rows: DayRow[] }).rows.map((r) => ({
    date: r.date,
    signups: Number(r.signups),
    movies: Number(r.movies),
    comments: Number(r.comments),
  }));
};

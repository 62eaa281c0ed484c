import type { FeedItem, FilmRef } from '@kinodost/contracts/schemas/feed';
import type { PersonRef } from '../../lib/event-bus';
import { avatarUrl } from '../users';
import type { ItemRow } from './feed.repository';

export const toPersonRef = (u: { id: string; username: string; avatar: string | null }): PersonRef => ({
  id: u.id,
  username: u.username,
  avatar_url: avatarUrl(u.avatar),
});

export const toFilmRef = (f: {
  id: string;
  title: string;
  year: number | null;
  posterUrl: string | null;
}): FilmRef => ({
  id: f.id,
  title: f.title,
  year: f.year,
  poster_url: f.posterUrl,
});

/** An item as the API shows it: fields that do not apply to its type are left out. */
export function toFeedItem(r: ItemRow): FeedItem {
  const item: FeedItem = {
    id: r.id,
    type: r.type,
    actor: toPersonRef(r.actor),
    created_at: r.createdAt.toISOString(),
  };
  if (r.film && r.type !== 'friends') item.film = toFilmRef(r.film);
  if (r.rating != null && (r.type === 'watched' || r.type === 'rated')) item.rating = r.rating;
  if (r.text != null && r.type === 'commented') item.text = r.text;
  if (r.other && r.type === 'friends') item.other = toPersonRef(r.other);
  return item;
}

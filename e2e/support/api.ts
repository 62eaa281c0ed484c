import type { APIRequestContext, APIResponse } from '@playwright/test';
import { type Credentials, uniqueUser } from './users';

/** GET /api/user/profile (only the fields the journeys read). */
export interface Profile {
  id: string;
  username: string;
  email: string;
  avatar_url: string | null;
  isAdmin: boolean;
}

/** A movie as the API answers it (only the fields the journeys read). */
export interface ApiMovie {
  id: string;
  /** The catalogue's film of the entry (docs/catalogue.md). */
  film_id?: string;
  title: string;
  owner: { id: string; username: string };
}

/** A comment as the API answers it (only the fields the journeys read). */
export interface ApiComment {
  id: string;
  text: string;
  status: 'pending' | 'approved' | 'rejected';
}

/** A newsletter as the API answers it (only the fields the journeys read). */
export interface ApiNewsletter {
  id: string;
  title: string;
  created_at: string;
  is_viewed: boolean;
  is_important: boolean;
}

/** A user created through the API, with a token that is valid right now. */
export interface ApiUser extends Credentials {
  id: string;
  token: string;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Fails with the server's status and body, which says far more than "expected true". */
const ok = async (res: APIResponse, what: string): Promise<APIResponse> => {
  if (!res.ok()) throw new Error(`${what}: HTTP ${res.status()} ${await res.text()}`);
  return res;
};

/**
 * Fast set-up through the API (docs/product.md#api-shape) instead of the UI, so each journey spends its time
 * on the part of the product it is about. `request` must carry the server's baseURL.
 */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  async register(user: Credentials): Promise<string> {
    const res = await ok(await this.request.post('/api/auth/register', { data: user }), `register ${user.username}`);
    return ((await res.json()) as { token: string }).token;
  }

  /** The raw login answer, for journeys that expect it to fail. */
  loginResponse(identifier: string, password: string): Promise<APIResponse> {
    return this.request.post('/api/auth/login', { data: { username: identifier, password } });
  }

  async login(identifier: string, password: string): Promise<string> {
    const res = await ok(await this.loginResponse(identifier, password), `login ${identifier}`);
    return ((await res.json()) as { token: string }).token;
  }

  async profile(token: string): Promise<Profile> {
    const res = await ok(await this.request.get('/api/user/profile', { headers: bearer(token) }), 'profile');
    return (await res.json()) as Profile;
  }

  /** Registers fresh credentials and returns them with the user's id and token. */
  async createUser(prefix = 'u'): Promise<ApiUser> {
    const credentials = uniqueUser(prefix);
    const token = await this.register(credentials);
    const { id } = await this.profile(token);
    return { ...credentials, id, token };
  }

  /** A new user promoted by an existing admin (only the very first account is an admin by itself). */
  async createAdmin(adminToken: string): Promise<ApiUser> {
    const user = await this.createUser('adm');
    await this.setAdmin(adminToken, user.id, true);
    return user;
  }

  async setAdmin(adminToken: string, userId: string, isAdmin: boolean): Promise<void> {
    await ok(
      await this.request.put(`/api/user/${userId}/admin`, { headers: bearer(adminToken), data: { isAdmin } }),
      `set admin ${userId}`,
    );
  }

  /** Every admin of the install (GET /api/user/all, all pages). */
  async admins(adminToken: string): Promise<Profile[]> {
    const found: Profile[] = [];
    for (let page = 1; ; page++) {
      const res = await ok(
        await this.request.get(`/api/user/all?page=${page}&limit=100`, { headers: bearer(adminToken) }),
        'list users',
      );
      const { data, total } = (await res.json()) as { data: Profile[]; total: number };
      found.push(...data.filter((user) => user.isAdmin));
      if (data.length === 0 || page * 100 >= total) return found;
    }
  }

  /** Asks for a reset mail (the link lands in the outbox, see outbox.ts). */
  async forgotPassword(email: string): Promise<void> {
    await ok(await this.request.post('/api/auth/forgot-password', { data: { email } }), `forgot password ${email}`);
  }

  /** Sets a new password with a mailed reset token, which uses the token up. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    await ok(await this.request.post('/api/auth/reset-password', { data: { token, newPassword } }), 'reset password');
  }

  /** Changing the password revokes every older token of the user; answers the new token. */
  async changePassword(token: string, currentPassword: string, newPassword: string): Promise<string> {
    const res = await ok(
      await this.request.put('/api/user/change-password', {
        headers: bearer(token),
        data: { currentPassword, newPassword },
      }),
      'change password',
    );
    return ((await res.json()) as { token: string }).token;
  }

  async uploadAvatar(token: string, png: Buffer): Promise<Profile> {
    const res = await ok(
      await this.request.post('/api/user/avatar', {
        headers: bearer(token),
        multipart: { avatar: { name: 'avatar.png', mimeType: 'image/png', buffer: png } },
      }),
      'upload avatar',
    );
    return (await res.json()) as Profile;
  }

  // Movies and comments (issue 3).

  async createMovie(token: string, body: { title: string } & Record<string, unknown>): Promise<ApiMovie> {
    const res = await ok(
      await this.request.post('/api/movies', { headers: bearer(token), data: body }),
      'create movie',
    );
    return (await res.json()) as ApiMovie;
  }

  /** GET /api/movies/{id}: one entry, with the film it is of and the film's facts. */
  async movie(token: string, id: string): Promise<ApiMovie & { director: string | null; film_id: string }> {
    const res = await ok(await this.request.get(`/api/movies/${id}`, { headers: bearer(token) }), `movie ${id}`);
    return (await res.json()) as ApiMovie & { director: string | null; film_id: string };
  }

  /** Every member's movies matching `query` (first page), as the dashboard search asks for them. */
  async searchMovies(token: string, query: string): Promise<ApiMovie[]> {
    const res = await ok(
      await this.request.get(`/api/movies/search/${encodeURIComponent(query)}`, { headers: bearer(token) }),
      `search movies ${query}`,
    );
    return ((await res.json()) as { data: ApiMovie[] }).data;
  }

  /** The comments a reader sees on a movie (approved ones, plus the reader's own when `token` is given). */
  async movieComments(movieId: string, token?: string): Promise<ApiComment[]> {
    const res = await ok(
      await this.request.get(`/api/movies/${movieId}/comments`, { headers: token ? bearer(token) : {} }),
      `comments of ${movieId}`,
    );
    return ((await res.json()) as { data: ApiComment[] }).data;
  }

  /** PUT /api/admin/comments/{id}/approve: the comment becomes public. */
  async approveComment(adminToken: string, commentId: string): Promise<void> {
    await ok(
      await this.request.put(`/api/admin/comments/${commentId}/approve`, { headers: bearer(adminToken) }),
      `approve comment ${commentId}`,
    );
  }

  /** A film of the run's catalogue (the server loads the bundled one) by its title and year. */
  async catalogueFilm(title: string, year: number): Promise<{ id: string; title: string; year: number }> {
    const res = await ok(
      await this.request.get(`/api/films/search?q=${encodeURIComponent(title)}`),
      `search films ${title}`,
    );
    const films = ((await res.json()) as { data: { id: string; title: string; year: number | null }[] }).data;
    const film = films.find((f) => f.title === title && f.year === year);
    if (!film) throw new Error(`the catalogue has no ${title} (${year})`);
    return { id: film.id, title, year };
  }

  /** The comments a reader sees on a catalogue film (approved ones, plus the reader's own with `token`). */
  async filmComments(filmId: string, token?: string): Promise<ApiComment[]> {
    const res = await ok(
      await this.request.get(`/api/films/${filmId}/comments`, { headers: token ? bearer(token) : {} }),
      `comments of film ${filmId}`,
    );
    return ((await res.json()) as { data: ApiComment[] }).data;
  }

  // Friends (issue 4).

  /** Makes `a` and `b` friends: `a` asks, `b` accepts. */
  async befriend(a: ApiUser, b: ApiUser): Promise<void> {
    await ok(
      await this.request.post(`/api/friends/request/${b.id}`, { headers: bearer(a.token) }),
      `friend request ${a.username} → ${b.username}`,
    );
    const request = (await this.incomingRequests(b.token)).find((r) => r.sender.id === a.id);
    if (!request) throw new Error(`no request from ${a.username} reached ${b.username}`);
    await ok(
      await this.request.put(`/api/friends/accept/${request.id}`, { headers: bearer(b.token) }),
      `accept ${a.username}'s request`,
    );
  }

  // Messages (issue 25).

  /** `from` writes `text` to their friend `to`. */
  async sendMessage(from: ApiUser, to: ApiUser, text: string): Promise<void> {
    await ok(
      await this.request.post(`/api/messages/${to.id}`, { headers: bearer(from.token), data: { text } }),
      `message ${from.username} → ${to.username}`,
    );
  }

  /** Pending requests sent to the owner of `token` (first page). */
  async incomingRequests(token: string): Promise<{ id: string; sender: { id: string; username: string } }[]> {
    const res = await ok(
      await this.request.get('/api/friends/requests/incoming', { headers: bearer(token) }),
      'incoming requests',
    );
    return ((await res.json()) as { data: { id: string; sender: { id: string; username: string } }[] }).data;
  }

  /** The usernames of the friends of the owner of `token` (first page). */
  async friendNames(token: string): Promise<string[]> {
    const res = await ok(await this.request.get('/api/friends', { headers: bearer(token) }), 'friends');
    return ((await res.json()) as { data: { username: string }[] }).data.map((friend) => friend.username);
  }

  // Newsletters (issue 6).

  async createNewsletter(
    adminToken: string,
    body: { title: string; content: string; is_important: boolean },
  ): Promise<ApiNewsletter> {
    const res = await ok(
      await this.request.post('/api/newsletters/admin/create', { headers: bearer(adminToken), data: body }),
      'create newsletter',
    );
    return (await res.json()) as ApiNewsletter;
  }

  async unreadNewsletterCount(token: string): Promise<number> {
    const res = await ok(
      await this.request.get('/api/newsletters/unread-count', { headers: bearer(token) }),
      'unread newsletter count',
    );
    return ((await res.json()) as { count: number }).count;
  }

  /** The public list as the owner of `token` sees it (or a visitor without one), one page of up to 100. */
  async newsletters(token?: string): Promise<{ data: ApiNewsletter[]; total: number }> {
    const res = await ok(
      await this.request.get('/api/newsletters?page=1&limit=100', { headers: token ? bearer(token) : {} }),
      'newsletters',
    );
    return (await res.json()) as { data: ApiNewsletter[]; total: number };
  }

  /** Marks every newsletter read for the owner of `token`, so their popup starts empty. */
  async markAllNewslettersViewed(token: string): Promise<void> {
    for (let page = 1; ; page++) {
      const res = await ok(
        await this.request.get(`/api/newsletters?page=${page}&limit=100`, { headers: bearer(token) }),
        'newsletters',
      );
      const { data, total } = (await res.json()) as { data: ApiNewsletter[]; total: number };
      for (const item of data.filter((n) => !n.is_viewed)) {
        await ok(
          await this.request.post(`/api/newsletters/${item.id}/mark-viewed`, { headers: bearer(token) }),
          `mark ${item.id} viewed`,
        );
      }
      if (data.length === 0 || page * 100 >= total) return;
    }
  }
}

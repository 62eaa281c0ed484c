import type { FeedItem } from '@kinodost/contracts/schemas/feed';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-router';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { feedKeys, prependFeedItem } from '../hooks/feed-keys';
import { FriendsActivity } from './friends-activity';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const aysel = { id: '11111111-0000-4000-8000-000000000002', username: 'aysel', avatar_url: null };
const orxan = { id: '11111111-0000-4000-8000-000000000003', username: 'orxan', avatar_url: null };
const nargin = {
  id: '22222222-0000-4000-8000-000000000001',
  title: 'Nargin',
  year: 2020,
  poster_url: 'https://img.example/n.jpg',
};
const item = (n: number, extra: Partial<FeedItem>): FeedItem => ({
  id: `44444444-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'watched',
  actor: aysel,
  created_at: ago(10_000),
  ...extra,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
});

describe('Dostların fəaliyyəti', () => {
  it('shows who did what, the poster and film, the rating as stars and when, and loads more by the cursor', async () => {
    const first = [
      item(1, { type: 'watched', film: nargin, rating: 8, created_at: ago(10_000) }),
      item(2, { type: 'commented', actor: orxan, film: nargin, text: 'Çox gözəl', created_at: ago(5 * 60_000) }),
      item(3, { type: 'friends', other: orxan, created_at: ago(3 * 3_600_000) }),
    ];
    const older = [
      item(4, { type: 'watchlist', film: { ...nargin, poster_url: null }, created_at: ago(2 * 86_400_000) }),
    ];
    const api = stubFetch({
      'GET /api/feed': ({ url }) =>
        jsonResponse(
          url.searchParams.get('before') === 'c1'
            ? { success: true, data: older, next_cursor: null }
            : { success: true, data: first, next_cursor: 'c1' },
        ),
    });
    renderWithApp(<FriendsActivity />, { route: '/dashboard', auth: fakeAuth() });
    const section = await screen.findByRole('region', { name: 'Dostların fəaliyyəti' });
    const rows = await within(section).findAllByTestId('feed-item');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('aysel izlədi');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Nargin (2020)' })).toHaveAttribute(
      'href',
      `/film/${nargin.id}`,
    );
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Qiymət: 8/10' })).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: '"Nargin" filminin posteri' })).toHaveAttribute(
      'src',
      nargin.poster_url,
    );
    expect(rows[0]).toHaveTextContent('Az öncə');
    expect(rows[1]).toHaveTextContent('orxan şərh yazdı');
    expect(rows[1]).toHaveTextContent('“Çox gözəl”');
    expect(rows[1]).toHaveTextContent('5 dəqiqə əvvəl');
    expect(rows[2]).toHaveTextContent('aysel orxan ilə dost oldu');
    expect(rows[2]).toHaveTextContent('3 saat əvvəl');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'orxan' })).toHaveAttribute(
      'href',
      `/user/${orxan.id}`,
    );

    await userEvent.click(within(section).getByRole('button', { name: 'Daha çox yüklə' }));
    expect(await within(section).findByText('izləmə siyahısına əlavə etdi', { exact: false })).toBeInTheDocument();
    expect(within(section).getAllByTestId('feed-item')).toHaveLength(4);
    expect(within(section).getAllByTestId('feed-item')[3]).toHaveTextContent('2 gün əvvəl');
    expect(within(section).queryByRole('button', { name: 'Daha çox yüklə' })).not.toBeInTheDocument();
    expect(api.calls()).toEqual(['GET /api/feed?limit=20', 'GET /api/feed?limit=20&before=c1']);
  });

  it('says so when there is nothing yet, and offers a retry when the feed fails', async () => {
    let fail = true;
    stubFetch({
      'GET /api/feed': () =>
        fail
          ? jsonResponse({ success: false, error: 'Xəta', code: 'INTERNAL' }, 500)
          : jsonResponse({ success: true, data: [], next_cursor: null }),
    });
    renderWithApp(<FriendsActivity />, { route: '/dashboard', auth: fakeAuth() });
    expect(await screen.findByText('Fəaliyyət yüklənmədi.', {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Yenidən cəhd et' }));
    expect(await screen.findByText(/Hələ heç bir fəaliyyət yoxdur/)).toBeInTheDocument();
  });
});

describe('prependFeedItem (feed:new)', () => {
  it('puts a live item on top of the first page once, and leaves an unloaded feed alone', () => {
    const client = new QueryClient();
    const live = item(9, { type: 'rated', film: nargin, rating: 6 });
    prependFeedItem(client, live);
    expect(client.getQueryData(feedKeys.all)).toBeUndefined();
    const old = item(1, {});
    client.setQueryData(feedKeys.all, {
      pages: [{ success: true, data: [old], next_cursor: null }],
      pageParams: [null],
    });
    prependFeedItem(client, live);
    prependFeedItem(client, live);
    const data = client.getQueryData<{ pages: { data: FeedItem[] }[] }>(feedKeys.all);
    expect(data?.pages[0]?.data.map((i) => i.id)).toEqual([live.id, old.id]);
  });
});

import type { Message } from '@kinodost/contracts/schemas/messages';
import { useIsMutating } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderWithApp } from '../../test/render';
import { presenceStore } from '../presence/presence-store';
import { LinkifiedText, linkify } from './components/linkified-text';
import { MessageFilmCard } from './components/message-film-card';
import { MessageThread } from './components/message-thread';
import { typingStore } from './hooks/typing-store';
import { useUnreadMessages } from './hooks/use-messages';

const me = '0f8fad5b-d9cb-469f-a165-70867728950e';
const friend = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', username: 'aysel', avatar_url: null };

const message = (n: number, from: string, extra: Partial<Message> = {}): Message => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  from,
  to: from === me ? friend.id : me,
  text: `mesaj ${n}`,
  created_at: new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString(),
  read_at: null,
  ...extra,
});

type Call = { method: string; url: string; body?: unknown };
let calls: Call[];

function fakeServer(answers: Record<string, (body: unknown) => unknown> = {}) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(raw, 'http://kinodost.test');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: url.pathname, body });
      const answer = answers[`${method} ${url.pathname}`];
      const payload = answer ? answer(body) : { success: true, count: 0, up_to: null, data: [] };
      return new Response(JSON.stringify(payload), {
        status:
          (payload as { code?: string }).code === 'CONFLICT'
            ? 409
            : method === 'POST' && url.pathname.endsWith('/read') === false
              ? 201
              : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'member-token');
});
afterEach(() => {
  typingStore.reset();
  presenceStore.setConnected(false);
  vi.unstubAllGlobals();
});

describe('message text', () => {
  it('makes http(s) addresses links and leaves everything else as text', () => {
    expect(linkify('bax https://kinodost.az/film/1, sonra de.')).toEqual([
      { text: 'bax ' },
      { text: 'https://kinodost.az/film/1', href: 'https://kinodost.az/film/1' },
      { text: ', sonra de.' },
    ]);
    expect(linkify('javascript:alert(1) <b>qalın</b>')).toEqual([{ text: 'javascript:alert(1) <b>qalın</b>' }]);
    renderWithApp(<LinkifiedText text={'<img src=x onerror=alert(1)> http://a.az'} />, { auth: fakeAuth() });
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>', { exact: false })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'http://a.az' });
    expect(link).toHaveAttribute('href', 'http://a.az');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe('the thread', () => {
  const renderThread = (pages: Message[][], hasEarlier = false, loadEarlier = vi.fn()) =>
    renderWithApp(
      <MessageThread
        friend={friend}
        me={me}
        pages={pages}
        hasEarlier={hasEarlier}
        loadingEarlier={false}
        loadEarlier={loadEarlier}
      />,
      { auth: fakeAuth() },
    );

  it('shows the newest at the bottom, read ticks on mine, "load earlier" above', async () => {
    fakeServer();
    const loadEarlier = vi.fn();
    renderThread(
      [[message(3, friend.id), message(2, me, { read_at: '2026-01-01T12:05:00.000Z' }), message(1, me)]],
      true,
      loadEarlier,
    );
    const shown = screen.getAllByTestId('message');
    expect(shown.map((m) => m.textContent?.slice(0, 7))).toEqual(['mesaj 1', 'mesaj 2', 'mesaj 3']);
    expect(shown[0]?.querySelector('[data-testid="read-tick"]')).toBeNull();
    expect(shown[1]?.querySelector('[data-testid="read-tick"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Əvvəlkiləri göstər' }));
    expect(loadEarlier).toHaveBeenCalledTimes(1);
    // The friend's unread message is marked read as the thread shows it.
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', url: `/api/messages/${friend.id}/read`, body: {} }),
    );
  });

  describe('reading a thread refreshes the unread count once', () => {
    function UnreadBadge() {
      return <output>{useUnreadMessages()}</output>;
    }
    function Mutating() {
      return <output data-testid="mutating">{useIsMutating()}</output>;
    }
    const unreadFetches = () => calls.filter((c) => c.url === '/api/messages/unread-count').length;
    const readThread = async (connected: boolean) => {
      fakeServer({
        [`POST /api/messages/${friend.id}/read`]: () => ({ count: 1, up_to: message(1, friend.id).id }),
        'GET /api/messages/unread-count': () => ({ count: 0 }),
      });
      presenceStore.setConnected(connected);
      renderWithApp(
        <>
          <UnreadBadge />
          <Mutating />
          <MessageThread
            friend={friend}
            me={me}
            pages={[[message(1, friend.id)]]}
            hasEarlier={false}
            loadingEarlier={false}
            loadEarlier={vi.fn()}
          />
        </>,
        { auth: fakeAuth() },
      );
      await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/read'))).toBe(true));
    };

    it("with the socket connected, by the server's echo alone (the realtime bridge's)", async () => {
      await readThread(true);
      // The read has settled (its answer handled), and what that answer started has run: every
      // step of a refetch goes on in microtasks here, all done before the next task.
      await waitFor(() => expect(screen.getByTestId('mutating')).toHaveTextContent('0'));
      await act(() => new Promise((r) => setTimeout(r, 0)));
      expect(unreadFetches()).toBe(1);
    });

    it("without the socket, by the read's own answer", async () => {
      await readThread(false);
      await waitFor(() => expect(unreadFetches()).toBe(2));
    });
  });

  it('puts a divider above the first message of each day: its date, then "Bu gün"', () => {
    fakeServer();
    const today = new Date().toISOString();
    renderThread([
      [
        message(3, friend.id, { created_at: today }),
        message(2, me, { created_at: today }),
        message(1, friend.id, { created_at: new Date(2026, 0, 1, 12, 30).toISOString() }),
      ],
    ]);
    expect(screen.getAllByTestId('day-divider').map((d) => d.textContent)).toEqual(['01.01.2026', 'Bu gün']);
    const thread = screen.getByTestId('thread');
    expect(
      [...thread.querySelectorAll('[data-testid="day-divider"], [data-testid="message"]')].map((e) =>
        e.textContent?.slice(0, 7),
      ),
    ).toEqual(['01.01.2', 'mesaj 1', 'Bu gün', 'mesaj 2', 'mesaj 3']);
    expect(screen.getAllByTestId('message')[0]).toHaveTextContent('12:30');
  });

  it('Enter sends, Shift+Enter makes a new line, and the draft is kept per friend until sent', async () => {
    fakeServer({
      [`POST /api/messages/${friend.id}`]: (body) => message(9, me, { text: (body as { text: string }).text }),
    });
    const view = renderThread([[]]);
    const box = screen.getByRole('textbox', { name: 'Mesaj' });
    await userEvent.type(box, 'birinci{Shift>}{Enter}{/Shift}ikinci');
    expect(box).toHaveValue('birinci\nikinci');
    expect(localStorage.getItem(`messageDraft:${friend.id}`)).toBe('birinci\nikinci');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // The draft survives leaving the thread.
    view.unmount();
    renderThread([[]]);
    const again = screen.getByRole('textbox', { name: 'Mesaj' });
    expect(again).toHaveValue('birinci\nikinci');
    await userEvent.type(again, '{Enter}');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: `/api/messages/${friend.id}`,
        body: { text: 'birinci\nikinci' },
      }),
    );
    await waitFor(() => expect(again).toHaveValue(''));
    expect(localStorage.getItem(`messageDraft:${friend.id}`)).toBeNull();
  });

  it('has the composer focused where there is a mouse, and waits for a tap on a touch screen', () => {
    fakeServer();
    const pointer = (fine: boolean) =>
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(pointer: fine)' && fine,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }));
    pointer(true);
    const view = renderThread([[message(1, friend.id)]]);
    expect(screen.getByRole('textbox', { name: 'Mesaj' })).toHaveFocus();
    view.unmount();
    pointer(false);
    renderThread([[message(1, friend.id)]]);
    expect(screen.getByRole('textbox', { name: 'Mesaj' })).not.toHaveFocus();
  });

  it('shows "yazır…" while the friend types, and tells the friend when I type', async () => {
    fakeServer();
    const sent: string[] = [];
    typingStore.setSender((to) => sent.push(to));
    renderThread([[message(1, friend.id, { read_at: '2026-01-01T12:05:00.000Z' })]]);
    expect(screen.getByTestId('typing')).toHaveTextContent('');
    act(() => typingStore.typing(friend.id));
    expect(screen.getByTestId('typing')).toHaveTextContent('yazır…');
    await userEvent.type(screen.getByRole('textbox', { name: 'Mesaj' }), 'salam');
    // Five keystrokes, one notice: they are spaced by the server's interval.
    expect(sent).toEqual([friend.id]);
    typingStore.setSender(null);
  });
});

describe('a film in a message', () => {
  it('adds the film to my watchlist from the card', async () => {
    fakeServer({ 'POST /api/movies': () => ({ id: 'x' }) });
    const film = {
      id: '9b2f4c1e-1d7a-4c55-9a57-0a4f5d8e2c11',
      title: 'Nənəm, mən və nəvəm',
      year: 1975,
      poster_url: null,
    };
    renderWithApp(<MessageFilmCard film={film} />, { auth: fakeAuth() });
    expect(screen.getByRole('link', { name: /Nənəm, mən və nəvəm/ })).toHaveAttribute('href', `/film/${film.id}`);
    // Without a poster, the placeholder every list shows: the title's initials.
    expect(screen.getByTestId('poster-placeholder')).toHaveTextContent('NM');
    const add = screen.getByRole('button', { name: 'İzləmə siyahısına əlavə et' });
    await userEvent.click(add);
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/movies',
        body: { film_id: film.id, status: 'watchlist' },
      }),
    );
    await waitFor(() => expect(add).toBeDisabled());
    expect(add).toHaveTextContent('Kolleksiyanızdadır');
  });

  it('a film the thread says I have shows "Kolleksiyanızdadır" from the start, and asks nothing', () => {
    fakeServer();
    const film = {
      id: '9b2f4c1e-1d7a-4c55-9a57-0a4f5d8e2c13',
      title: 'Ögey ana',
      year: 1958,
      poster_url: null,
      in_collection: true,
    };
    renderWithApp(<MessageFilmCard film={film} />, { auth: fakeAuth() });
    const button = screen.getByRole('button', { name: 'Kolleksiyanızdadır' });
    expect(button).toBeDisabled();
    expect(calls).toEqual([]);
  });

  it('a film already in my collection turns the button into "Kolleksiyanızdadır", with no error', async () => {
    fakeServer({
      'POST /api/movies': () => ({ success: false, error: 'Bu film artıq kolleksiyanızdadır', code: 'CONFLICT' }),
    });
    const film = {
      id: '9b2f4c1e-1d7a-4c55-9a57-0a4f5d8e2c12',
      title: 'Bizim Cəbiş müəllim',
      year: 1969,
      poster_url: null,
    };
    renderWithApp(<MessageFilmCard film={film} />, { auth: fakeAuth() });
    const add = screen.getByRole('button', { name: 'İzləmə siyahısına əlavə et' });
    await userEvent.click(add);
    await waitFor(() => expect(add).toBeDisabled());
    expect(add).toHaveTextContent('Kolleksiyanızdadır');
    expect(screen.queryByText('Bu film artıq kolleksiyanızdadır')).not.toBeInTheDocument();
  });
});

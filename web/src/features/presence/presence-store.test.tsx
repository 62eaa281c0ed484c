import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PresenceText } from './components/presence-text';
import { useIsOnline, useLastSeen } from './hooks/use-presence';
import { useSelfOnline } from './hooks/use-self-online';
import { createPresenceStore, presenceStore } from './presence-store';

const a = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const b = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

describe('the presence store', () => {
  it('users:online replaces the set, user:online adds, user:offline removes and records lastSeen', () => {
    const store = createPresenceStore();
    store.setOnlineList([a]);
    expect([...store.getSnapshot().online]).toEqual([a]);
    store.setOnlineList([b]);
    expect([...store.getSnapshot().online]).toEqual([b]);
    store.markOnline(a);
    expect([...store.getSnapshot().online].sort()).toEqual([a, b]);
    store.markOffline(b, '2025-03-20T10:00:00.000Z');
    expect([...store.getSnapshot().online]).toEqual([a]);
    expect(store.getSnapshot().lastSeen.get(b)).toBe('2025-03-20T10:00:00.000Z');
    store.recordLastSeen(a, null);
    expect(store.getSnapshot().lastSeen.get(a)).toBeNull();
  });

  it('notifies subscribers only on a change', () => {
    const store = createPresenceStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.markOnline(a);
    store.markOnline(a);
    expect(listener).toHaveBeenCalledTimes(1);
    store.setConnected(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  describe('last-seen requests', () => {
    let store: ReturnType<typeof createPresenceStore>;
    const requester = vi.fn();
    beforeEach(() => {
      store = createPresenceStore();
      requester.mockReset();
      store.setRequester(requester);
    });

    it('not while the socket is disconnected', () => {
      expect(store.requestLastSeen(a)).toBe(false);
      expect(requester).not.toHaveBeenCalled();
    });

    it('not for a user who is online', () => {
      store.setConnected(true);
      store.setOnlineList([a]);
      expect(store.requestLastSeen(a)).toBe(false);
      expect(requester).not.toHaveBeenCalled();
    });

    it('once while pending, and not again after the answer (later changes arrive by themselves)', () => {
      store.setConnected(true);
      expect(store.requestLastSeen(a)).toBe(true);
      expect(store.requestLastSeen(a)).toBe(false);
      store.recordLastSeen(a, '2025-03-20T10:00:00.000Z');
      expect(store.requestLastSeen(a)).toBe(false);
      expect(requester).toHaveBeenCalledTimes(1);
      expect(requester).toHaveBeenCalledWith(a);
      // A later offline event still updates the value.
      store.markOffline(a, '2025-03-21T10:00:00.000Z');
      expect(store.getSnapshot().lastSeen.get(a)).toBe('2025-03-21T10:00:00.000Z');
    });

    it('a reconnect may ask again (pending answers died with the old connection)', () => {
      store.setConnected(true);
      store.requestLastSeen(a);
      store.setConnected(false);
      store.setConnected(true);
      expect(store.requestLastSeen(a)).toBe(true);
      expect(requester).toHaveBeenCalledTimes(2);
    });

    it('someone dropped from the online list may be asked about again', () => {
      store.setConnected(true);
      store.markOnline(a); // e.g. the answer to an earlier request
      store.setOnlineList([]);
      expect(store.requestLastSeen(a)).toBe(true);
    });

    it('reset forgets everything, the requester too', () => {
      store.setConnected(true);
      store.setOnlineList([a]);
      store.recordLastSeen(b, null);
      store.reset();
      expect(store.getSnapshot()).toEqual({ connected: false, online: new Set(), lastSeen: new Map() });
      store.setConnected(true);
      expect(store.requestLastSeen(b)).toBe(false);
      expect(requester).not.toHaveBeenCalled();
    });
  });
});

function LastSeenProbe({ userId, fallback }: { userId: string; fallback?: string | null }) {
  const { online, lastSeen } = useLastSeen(userId, fallback);
  return (
    <>
      <output data-testid={`seen-${userId}`}>{`${online}|${lastSeen === undefined ? 'unknown' : lastSeen}`}</output>
      <PresenceText online={online} lastSeen={lastSeen} />
    </>
  );
}
function SelfProbe() {
  return <output data-testid="self">{useSelfOnline() ? 'on' : 'off'}</output>;
}
function OnlineProbe({ userId }: { userId: string }) {
  return <output data-testid="online">{String(useIsOnline(userId))}</output>;
}

describe('useLastSeen, useIsOnline, useSelfOnline', () => {
  const requester = vi.fn();
  beforeEach(() => {
    requester.mockReset();
    presenceStore.setRequester(requester);
  });
  afterEach(() => act(() => presenceStore.reset()));

  it('asks nothing until the socket connects, then once per user however many screens show them', () => {
    render(
      <>
        <LastSeenProbe userId={a} />
        <LastSeenProbe userId={a} />
        <LastSeenProbe userId={b} />
      </>,
    );
    expect(requester).not.toHaveBeenCalled();
    act(() => presenceStore.setConnected(true));
    expect(requester.mock.calls).toEqual([[a], [b]]);
  });

  it('does not ask about someone online; asks once they are dropped without a last seen', () => {
    act(() => {
      presenceStore.setConnected(true);
      presenceStore.setOnlineList([a]);
    });
    render(<LastSeenProbe userId={a} />);
    expect(requester).not.toHaveBeenCalled();
    expect(screen.getByText('İndi onlayn')).toBeInTheDocument();
    act(() => presenceStore.markOffline(a, new Date().toISOString()));
    expect(requester).not.toHaveBeenCalled(); // the offline event carried it
    expect(screen.getByTestId('last-seen')).toHaveTextContent('Az öncə');
  });

  it("shows the profile's last_seen until the socket answers, then the answer", () => {
    act(() => presenceStore.setConnected(true));
    render(<LastSeenProbe userId={a} fallback="2025-01-01T00:00:00.000Z" />);
    expect(screen.getByTestId(`seen-${a}`)).toHaveTextContent('false|2025-01-01T00:00:00.000Z');
    act(() => presenceStore.recordLastSeen(a, null));
    expect(screen.getByTestId(`seen-${a}`)).toHaveTextContent('false|null');
    expect(screen.getByTestId('last-seen')).toHaveTextContent('Bilinmir');
  });

  it('the last-seen text moves on by itself while the page stays open', () => {
    vi.useFakeTimers();
    try {
      act(() => presenceStore.setConnected(true));
      render(<LastSeenProbe userId={a} fallback={new Date().toISOString()} />);
      expect(screen.getByTestId('last-seen')).toHaveTextContent('Az öncə');
      act(() => vi.advanceTimersByTime(2 * 60_000));
      expect(screen.getByTestId('last-seen')).toHaveTextContent('2 dəqiqə əvvəl');
    } finally {
      vi.useRealTimers();
    }
  });

  it('useIsOnline and useSelfOnline follow the store', () => {
    render(
      <>
        <OnlineProbe userId={b} />
        <SelfProbe />
      </>,
    );
    expect(screen.getByTestId('online')).toHaveTextContent('false');
    expect(screen.getByTestId('self')).toHaveTextContent('off');
    act(() => {
      presenceStore.setConnected(true);
      presenceStore.markOnline(b);
    });
    expect(screen.getByTestId('online')).toHaveTextContent('true');
    expect(screen.getByTestId('self')).toHaveTextContent('on');
  });
});

import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderWithApp } from '../../../test/render';
import { fakeFriendsServer, friendOf, kamran, orxan, tural } from '../../friends/testing/fake-friends-server';
import { presenceStore } from '../../presence/presence-store';
import { RecommendDialog } from './recommend-film-dialog';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
  fakeFriendsServer({ friends: [friendOf(kamran, 1), friendOf(orxan, 2), friendOf(tural, 3)] });
  presenceStore.setRequester(() => {});
});
afterEach(() => act(() => presenceStore.reset()));

describe('the recommend dialog', () => {
  it("shows each friend's presence as known: online green, told offline red, not yet told neutral", async () => {
    act(() => {
      presenceStore.setConnected(true);
      presenceStore.setOnlineList([kamran.id]);
      presenceStore.recordLastSeen(orxan.id, new Date(Date.now() - 60_000).toISOString());
    });
    renderWithApp(<RecommendDialog film={{ id: 'f1', title: 'Nabat' }} onClose={() => {}} />, { auth: fakeAuth() });
    const rows = await screen.findAllByTestId('recommend-friend');
    const dotOf = (name: string) => {
      const row = rows.find((r) => within(r).queryByText(name));
      return row?.querySelector('[data-online]')?.getAttribute('data-online');
    };
    expect(dotOf('kamran')).toBe('true');
    expect(dotOf('orxan')).toBe('false');
    expect(dotOf('tural')).toBe('unknown');
  });
});

import type { AdminComment } from '@kinodost/contracts/schemas/comments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-router';
import { makeComment, otherMember, owner, paged } from '../../../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { stubViewportWidth } from '../../../test/viewport';
import { CommentsModeration } from './comments-moderation';

const movie = { id: '00000000-0000-4000-8000-0000000000aa', title: 'Nargin' };
const film = { id: '22222222-0000-4000-8000-0000000000aa', title: 'Nargin' };
const fromOrxan: AdminComment = {
  ...makeComment({ status: 'pending', text: 'Əla!', author: otherMember }),
  film,
  movie,
};
const fromLeyla: AdminComment = { ...makeComment({ status: 'pending', text: 'Orta idi', author: owner }), film, movie };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'admin-token');
});

let pending = 2;
const serve = (extra: Parameters<typeof stubFetch>[0] = {}) => {
  pending = 2;
  const count = (n: number) => () => {
    pending -= n;
    return jsonResponse({ success: true, count: n });
  };
  return stubFetch({
    'GET /api/admin/comments': ({ url }) =>
      jsonResponse(url.searchParams.get('status') === 'approved' ? paged([]) : paged([fromOrxan, fromLeyla])),
    'GET /api/stats/admin': () =>
      jsonResponse({ userCount: 5, pendingCommentCount: pending, movieCount: 1, series: [] }),
    [`PUT /api/admin/comments/${fromOrxan.id}/approve`]: count(1),
    [`PUT /api/admin/comments/${fromOrxan.id}/reject`]: count(1),
    [`DELETE /api/admin/comments/${fromOrxan.id}`]: count(1),
    'POST /api/admin/comments/bulk': ({ body }) => count((body as { ids: string[] }).ids.length)(),
    ...extra,
  });
};

const renderQueue = () =>
  renderWithApp(<CommentsModeration />, { route: '/admin/comments', auth: fakeAuth({ isAdmin: true }) });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('CommentsModeration', () => {
  it('lists pending comments with the movie link, the author and the pending count', async () => {
    const api = serve();
    renderQueue();
    await screen.findByText('Əla!');
    const row = within(rowOf('Əla!'));
    expect(row.getByRole('link', { name: 'Nargin' })).toHaveAttribute('href', `/movie/${movie.id}`);
    expect(row.getByRole('link', { name: 'orxan' })).toHaveAttribute('href', `/user/${otherMember.id}`);
    expect(await screen.findByTestId('pending-count')).toHaveTextContent('Təsdiq gözləyən: 2');
    expect(api.calls()).toContain('GET /api/admin/comments?page=1&limit=20&status=pending');
  });

  it('approves and rejects one comment at its own endpoint, with a toast and a fresh count', async () => {
    const api = serve();
    renderQueue();
    await screen.findByText('Əla!');
    await userEvent.click(screen.getByRole('button', { name: 'orxan şərhini təsdiqlə' }));
    expect(await screen.findByText('Şərh təsdiqləndi')).toBeInTheDocument();
    expect(api.calls()).toContain(`PUT /api/admin/comments/${fromOrxan.id}/approve`);
    await waitFor(() => expect(screen.getByTestId('pending-count')).toHaveTextContent('Təsdiq gözləyən: 1'));

    await userEvent.click(screen.getByRole('button', { name: 'orxan şərhini rədd et' }));
    expect(await screen.findByText('Şərh rədd edildi')).toBeInTheDocument();
    expect(api.calls()).toContain(`PUT /api/admin/comments/${fromOrxan.id}/reject`);
  });

  it('deletes one comment only after confirming', async () => {
    const api = serve();
    renderQueue();
    await screen.findByText('Əla!');
    await userEvent.click(screen.getByRole('button', { name: 'orxan şərhini sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Şərh silinsin?' });
    expect(api.calls().some((call) => call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bəli, sil' }));
    expect(await screen.findByText('Şərh silindi')).toBeInTheDocument();
    expect(api.calls()).toContain(`DELETE /api/admin/comments/${fromOrxan.id}`);
  });

  it('approves the checked comments together with one bulk call', async () => {
    const api = serve();
    renderQueue();
    await screen.findByText('Əla!');
    await userEvent.click(screen.getByRole('checkbox', { name: 'orxan şərhini seç' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'leyla şərhini seç' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Seçilmiş şərhlər üçün əməliyyatlar' });
    expect(within(toolbar).getByText('2 şərh seçilib')).toBeInTheDocument();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Təsdiqlə' }));
    expect(await screen.findByText('2 şərh təsdiqləndi')).toBeInTheDocument();
    expect(api.bodyOf('POST /api/admin/comments/bulk')).toEqual({
      ids: [fromOrxan.id, fromLeyla.id],
      action: 'approve',
    });
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('select-all then bulk reject, and bulk delete after confirming', async () => {
    const api = serve();
    renderQueue();
    await screen.findByText('Əla!');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bu səhifədəki bütün şərhləri seç' }));
    await userEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Rədd et' }));
    expect(await screen.findByText('2 şərh rədd edildi')).toBeInTheDocument();
    expect(api.bodyOf('POST /api/admin/comments/bulk')).toEqual({
      ids: [fromOrxan.id, fromLeyla.id],
      action: 'reject',
    });

    api.fetchMock.mockClear();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bu səhifədəki bütün şərhləri seç' }));
    await userEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Sil' }));
    const dialog = await screen.findByRole('dialog', { name: '2 şərh silinsin?' });
    expect(api.calls().some((call) => call.startsWith('POST'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bəli, sil' }));
    expect(await screen.findByText('2 şərh silindi')).toBeInTheDocument();
    expect(api.bodyOf('POST /api/admin/comments/bulk')).toEqual({
      ids: [fromOrxan.id, fromLeyla.id],
      action: 'delete',
    });
  });

  it('filters by status', async () => {
    const api = serve();
    renderQueue();
    await screen.findByText('Əla!');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Təsdiqlənənlər' }));
    expect(await screen.findByText('Təsdiqlənmiş şərh yoxdur')).toBeInTheDocument();
    expect(api.calls()).toContain('GET /api/admin/comments?page=1&limit=20&status=approved');
  });

  it("shows the server's refusal as a toast", async () => {
    serve({
      [`PUT /api/admin/comments/${fromOrxan.id}/approve`]: () =>
        jsonResponse({ success: false, error: 'Şərh tapılmadı', code: 'NOT_FOUND' }, 404),
    });
    renderQueue();
    await screen.findByText('Əla!');
    await userEvent.click(screen.getByRole('button', { name: 'orxan şərhini təsdiqlə' }));
    expect(await screen.findByText('Şərh tapılmadı')).toBeInTheDocument();
  });
});

describe('CommentsModeration below 600 px', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each comment as a card with approve, reject and delete in view', async () => {
    const api = serve();
    stubViewportWidth(390);
    renderQueue();
    const card = await screen.findByRole('article', { name: 'orxan şərhi' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Əla!')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Nargin' })).toHaveAttribute('href', `/movie/${movie.id}`);
    expect(within(card).getByRole('button', { name: 'orxan şərhini rədd et' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'orxan şərhini sil' })).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'orxan şərhini təsdiqlə' }));
    expect(await screen.findByText('Şərh təsdiqləndi')).toBeInTheDocument();
    expect(api.calls()).toContain(`PUT /api/admin/comments/${fromOrxan.id}/approve`);
  });
});

describe('CommentsModeration: the keyboard focus', () => {
  const kamran = { id: '3d1e6679-7425-40de-944b-e07fc1f90ae7', username: 'kamran', avatar_url: null };
  const fromKamran: AdminComment = {
    ...makeComment({ status: 'pending', text: 'Sonda', author: kamran }),
    film,
    movie,
  };

  /** The pending queue `start`; an action on a comment takes it out of what the next GET answers. */
  const serveQueue = (start: AdminComment[]) => {
    let queue = start;
    const remove = (id: string) => () => {
      queue = queue.filter((comment) => comment.id !== id);
      return jsonResponse({ success: true, count: 1 });
    };
    const handlers: Parameters<typeof stubFetch>[0] = {
      'GET /api/admin/comments': () => jsonResponse(paged(queue)),
      'GET /api/stats/admin': () =>
        jsonResponse({ userCount: 5, pendingCommentCount: queue.length, movieCount: 1, series: [] }),
    };
    for (const comment of start) {
      handlers[`PUT /api/admin/comments/${comment.id}/approve`] = remove(comment.id);
      handlers[`PUT /api/admin/comments/${comment.id}/reject`] = remove(comment.id);
      handlers[`DELETE /api/admin/comments/${comment.id}`] = remove(comment.id);
    }
    return stubFetch(handlers);
  };
  const gone = (text: string) => waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());

  it("moves to the next row's checkbox when an approved comment leaves the pending list", async () => {
    serveQueue([fromOrxan, fromLeyla, fromKamran]);
    renderQueue();
    await screen.findByText('Əla!');
    await userEvent.click(screen.getByRole('button', { name: 'orxan şərhini təsdiqlə' }));
    await gone('Əla!');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'leyla şərhini seç' })).toHaveFocus());
  });

  it("moves to the previous row's checkbox when the last row is rejected", async () => {
    serveQueue([fromOrxan, fromLeyla, fromKamran]);
    renderQueue();
    await screen.findByText('Sonda');
    await userEvent.click(screen.getByRole('button', { name: 'kamran şərhini rədd et' }));
    await gone('Sonda');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'leyla şərhini seç' })).toHaveFocus());
  });

  it('after a confirmed delete, moves to the next row; to the status filter when none is left', async () => {
    serveQueue([fromOrxan, fromLeyla]);
    renderQueue();
    await screen.findByText('Əla!');
    await userEvent.click(screen.getByRole('button', { name: 'orxan şərhini sil' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Şərh silinsin?' })).getByRole('button', { name: 'Bəli, sil' }),
    );
    await gone('Əla!');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'leyla şərhini seç' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'leyla şərhini sil' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Şərh silinsin?' })).getByRole('button', { name: 'Bəli, sil' }),
    );
    await gone('Orta idi');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveFocus());
  });

  it('moves to the next card on a phone', async () => {
    stubViewportWidth(390);
    serveQueue([fromOrxan, fromLeyla]);
    renderQueue();
    const card = await screen.findByRole('article', { name: 'orxan şərhi' });
    await userEvent.click(within(card).getByRole('button', { name: 'orxan şərhini təsdiqlə' }));
    await gone('Əla!');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'leyla şərhini seç' })).toHaveFocus());
  });
});

describe('CommentsModeration: colours', () => {
  afterEach(() => localStorage.removeItem('darkMode'));

  /** WCAG contrast of two '#rrggbb' or 'rgb(a)' colours. */
  const channels = (colour: string) =>
    colour.startsWith('#')
      ? [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16))
      : (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const expand = (colour: string) =>
    /^#[0-9a-f]{3}$/i.test(colour) ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour;
  const colours = (element: Element) => {
    const style = getComputedStyle(element);
    return { text: expand(style.color), background: expand(style.backgroundColor) };
  };

  it.each(['light', 'dark'])('the pending chip and the letter avatars reach 4.5:1 in the %s theme', async (mode) => {
    if (mode === 'dark') localStorage.setItem('darkMode', 'true');
    serve();
    const { container } = renderQueue();
    const chip = await screen.findByTestId('pending-count');
    await waitFor(() => expect(chip).toHaveTextContent('Təsdiq gözləyən: 2'));
    const chipColours = colours(chip);
    expect(chipColours.background).toBe(mode === 'dark' ? '#ffa726' : '#ed6c02'); // warning.main
    expect(contrast(chipColours.text, chipColours.background)).toBeGreaterThanOrEqual(4.5);

    const avatar = container.querySelector('.MuiAvatar-root') as HTMLElement;
    expect(avatar).toHaveTextContent('O');
    const avatarColours = colours(avatar);
    expect(avatarColours.background).toBe('#9c27b0'); // secondary.main, as StatusAvatar
    expect(contrast(avatarColours.text, avatarColours.background)).toBeGreaterThanOrEqual(4.5);
  });
});

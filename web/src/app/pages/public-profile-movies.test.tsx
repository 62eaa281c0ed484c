import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-router';
import { makeMovie, paged } from '../../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp, sampleProfile } from '../../test/render';
import { PublicProfilePage } from './public-profile-page';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const visitor = () => fakeAuth({ isLoggedIn: false, userId: null, username: null });
const render = (route: string) =>
  renderWithApp(<span />, {
    route,
    auth: visitor(),
    routes: [
      { path: '/user/username/:username', element: <PublicProfilePage /> },
      { path: '/user/:userId', element: <PublicProfilePage /> },
    ],
  });

describe("PublicProfilePage: the member's movies", () => {
  it('lists the movies of a profile opened by username, read-only, paged with "load more"', async () => {
    const first = Array.from({ length: 20 }, (_, i) => makeMovie({ title: `Kino ${i}` }));
    const api = stubFetch({
      'GET /api/user/profile/username/leyla': () => jsonResponse(sampleProfile),
      [`GET /api/movies/user/${sampleProfile.id}`]: ({ url }) =>
        url.searchParams.get('page') === '2'
          ? jsonResponse(paged([makeMovie({ title: 'Son kino' })], 2, 20, 21))
          : jsonResponse(paged(first, 1, 20, 21)),
    });
    render('/user/username/leyla');
    expect(await screen.findByRole('heading', { name: 'Filmləri' })).toBeInTheDocument();
    expect(await screen.findByText('Kino 0')).toBeInTheDocument();
    expect(screen.getByText('21 film')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /redaktə et|sil/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Daha çox göstər' }));
    expect(await screen.findByText('Son kino')).toBeInTheDocument();
    expect(api.calls()).toContain(`GET /api/movies/user/${sampleProfile.id}?page=2&limit=20`);
  });

  it("links each entry of a catalogue film to the film's page", async () => {
    const filmId = '22222222-0000-4000-8000-000000000043';
    stubFetch({
      [`GET /api/user/profile/${sampleProfile.id}`]: () => jsonResponse(sampleProfile),
      [`GET /api/movies/user/${sampleProfile.id}`]: () =>
        jsonResponse(paged([{ ...makeMovie({ title: 'Titanic' }), film_id: filmId }])),
    });
    render(`/user/${sampleProfile.id}`);
    expect(await screen.findByRole('link', { name: /Titanic/ })).toHaveAttribute('href', `/film/${filmId}`);
  });

  it('says so when the member has no movies yet', async () => {
    stubFetch({
      [`GET /api/user/profile/${sampleProfile.id}`]: () => jsonResponse(sampleProfile),
      [`GET /api/movies/user/${sampleProfile.id}`]: () => jsonResponse(paged([])),
    });
    render(`/user/${sampleProfile.id}`);
    expect(await screen.findByText('Bu istifadəçi hələ film əlavə etməyib.')).toBeInTheDocument();
  });

  it('says the collection is hidden when the server answers hidden: true (docs/social.md "Privacy")', async () => {
    stubFetch({
      [`GET /api/user/profile/${sampleProfile.id}`]: () => jsonResponse({ ...sampleProfile, collection_hidden: true }),
      [`GET /api/movies/user/${sampleProfile.id}`]: () => jsonResponse({ ...paged([]), hidden: true }),
    });
    render(`/user/${sampleProfile.id}`);
    expect(await screen.findByText('Bu istifadəçi kolleksiyasını gizlədib.')).toBeInTheDocument();
    expect(screen.queryByText('Bu istifadəçi hələ film əlavə etməyib.')).not.toBeInTheDocument();
    expect(screen.queryByText('0 film')).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminOverviewPage } from '../../../app/pages/admin-overview-page';
import { stubFetch } from '../../../test/fetch-router';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { ActivityChart, niceMax } from './activity-chart';

const series = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-01-${String(i + 1).padStart(2, '0')}`,
  signups: i % 3,
  movies: i,
  comments: i === 29 ? 7 : 0,
}));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'admin-token');
});

describe('ActivityChart', () => {
  it('writes totals of thousands with the az-AZ separator, in the legend and the label', () => {
    renderWithApp(<ActivityChart series={series.map((day) => ({ ...day, movies: 100 }))} />);
    expect(screen.getByTestId('legend-movies')).toHaveTextContent('Kolleksiyaya əlavələr: 3.000');
    expect(screen.getByRole('img', { name: /3\.000 kolleksiyaya əlavə/ })).toBeInTheDocument();
  });

  it('draws one line per series over every day, with a legend of totals and a summary label', () => {
    renderWithApp(<ActivityChart series={series} />);
    const chart = screen.getByRole('img', { name: /Son 30 gündə gündəlik fəaliyyət qrafiki/ });
    expect(chart).toHaveAccessibleName(
      'Son 30 gündə gündəlik fəaliyyət qrafiki: cəmi 30 qeydiyyat, 435 kolleksiyaya əlavə, 7 şərh',
    );
    for (const key of ['signups', 'movies', 'comments']) {
      const line = screen.getByTestId(`series-${key}`).querySelector('polyline');
      expect(line?.getAttribute('points')?.split(' ')).toHaveLength(30);
    }
    expect(screen.getByTestId('legend-signups')).toHaveTextContent('Qeydiyyatlar: 30');
    expect(screen.getByTestId('legend-movies')).toHaveTextContent('Kolleksiyaya əlavələr: 435');
    expect(screen.getByTestId('legend-comments')).toHaveTextContent('Şərhlər: 7');
    expect(screen.getByText('01.01')).toBeInTheDocument();
    expect(screen.getByText('30.01')).toBeInTheDocument();
  });

  it('scales to the highest value: the top of the movies line is the top of the plot', () => {
    renderWithApp(<ActivityChart series={series} />);
    const points = screen.getByTestId('series-movies').querySelector('polyline')?.getAttribute('points') ?? '';
    const ys = points.split(' ').map((p) => Number(p.split(',')[1]));
    // 29 movies on the last day, axis up to niceMax(29) = 40: 29/40 of the plot height above the base.
    expect(niceMax(29)).toBe(40);
    expect(ys[0]).toBeCloseTo(14 + 216);
    expect(ys[29]).toBeCloseTo(14 + 216 - (29 / 40) * 216);
  });

  it('shows the same data as a table on request', async () => {
    renderWithApp(<ActivityChart series={series} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cədvəl kimi göstər' }));
    const table = screen.getByRole('table', { name: 'Gündəlik fəaliyyət cədvəli' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: '30.01.2026' }).parentElement).toHaveTextContent(
      '30.01.2026' + '2' + '29' + '7',
    );
  });

  it('says so when there is no series', () => {
    renderWithApp(<ActivityChart series={[]} />);
    expect(screen.getByText('Statistikanı yükləmək mümkün olmadı və ya hələ məlumat yoxdur.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('AdminOverviewPage', () => {
  it('shows the counts and the chart of the series from /api/stats/admin', async () => {
    stubFetch({
      'GET /api/stats/admin': () =>
        jsonResponse({
          userCount: 12,
          pendingCommentCount: 3,
          movieCount: 450,
          filmCount: 3177,
          commentCount: 1234567,
          activeToday: 5,
          activeThisWeek: 1200,
          series,
        }),
    });
    renderWithApp(<AdminOverviewPage />, { route: '/admin', auth: fakeAuth({ isAdmin: true }) });
    expect(await screen.findByTestId('stat-user-count')).toHaveTextContent('12');
    expect(screen.getByTestId('stat-pending-comments')).toHaveTextContent('3');
    // The new cards, their labels, and az-AZ grouping of thousands.
    const card = (label: string) => screen.getByRole('heading', { name: label }).closest('.MuiPaper-root');
    expect(card('İstifadəçilər')).toHaveTextContent('12');
    expect(card('Gözləyən şərhlər')).toHaveTextContent('3');
    expect(card('Filmlər')).toHaveTextContent('3.177');
    expect(card('Şərhlər')).toHaveTextContent('1.234.567');
    expect(card('Bu gün aktiv')).toHaveTextContent('5');
    expect(card('Bu həftə aktiv')).toHaveTextContent('1.200');
    expect(screen.getByTestId('stat-film-count')).toHaveTextContent('3.177');
    expect(screen.getByTestId('stat-comment-count')).toHaveTextContent('1.234.567');
    expect(screen.getByTestId('stat-active-today')).toHaveTextContent('5');
    expect(screen.getByTestId('stat-active-week')).toHaveTextContent('1.200');
    expect(
      await screen.findByRole('img', { name: /cəmi 30 qeydiyyat, 435 kolleksiyaya əlavə, 7 şərh/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Kolleksiyalarda cəmi 450 film')).toBeInTheDocument();
  });

  it('a failing stats call reads as zeros and an empty chart, not an error', async () => {
    stubFetch({ 'GET /api/stats/admin': () => jsonResponse({ success: false, error: 'x', code: 'INTERNAL' }, 500) });
    renderWithApp(<AdminOverviewPage />, { route: '/admin', auth: fakeAuth({ isAdmin: true }) });
    expect(await screen.findByTestId('stat-user-count')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-pending-comments')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-film-count')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-active-week')).toHaveTextContent('0');
    expect(screen.getByText('Statistikanı yükləmək mümkün olmadı və ya hələ məlumat yoxdur.')).toBeInTheDocument();
  });

  it('the range toggle asks for 7 or 90 days and redraws the chart; 30 is the default', async () => {
    const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86400_000).toISOString().slice(0, 10);
    const span = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ date: day(i), signups: 1, movies: 0, comments: 0 }));
    const router = stubFetch({
      'GET /api/stats/admin': ({ url }) =>
        jsonResponse({
          userCount: 1,
          pendingCommentCount: 0,
          movieCount: 0,
          filmCount: 0,
          commentCount: 0,
          activeToday: 0,
          activeThisWeek: 0,
          series: span(Number(url.searchParams.get('days') ?? 30)),
        }),
    });
    renderWithApp(<AdminOverviewPage />, { route: '/admin', auth: fakeAuth({ isAdmin: true }) });
    const group = screen.getByRole('group', { name: 'Qrafikin aralığı' });
    expect(within(group).getByRole('button', { name: '30 gün' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('img', { name: /cəmi 30 qeydiyyat/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Son 30 gündə fəaliyyət' })).toBeInTheDocument();

    await userEvent.click(within(group).getByRole('button', { name: '7 gün' }));
    expect(
      await screen.findByRole('img', {
        name: 'Son 7 gündə gündəlik fəaliyyət qrafiki: cəmi 7 qeydiyyat, 0 kolleksiyaya əlavə, 0 şərh',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Son 7 gündə fəaliyyət' })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: '7 gün' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByTestId('series-signups').querySelector('polyline')?.getAttribute('points')?.split(' '),
    ).toHaveLength(7);

    await userEvent.click(within(group).getByRole('button', { name: '90 gün' }));
    expect(
      await screen.findByRole('img', { name: /Son 90 gündə gündəlik fəaliyyət qrafiki: cəmi 90 qeydiyyat/ }),
    ).toBeInTheDocument();
    expect(router.calls().filter((c) => c.startsWith('GET /api/stats/admin'))).toEqual([
      'GET /api/stats/admin',
      'GET /api/stats/admin?days=7',
      'GET /api/stats/admin?days=90',
    ]);
  });
});

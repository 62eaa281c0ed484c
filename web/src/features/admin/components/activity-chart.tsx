import type { DailyActivity } from '@kinodost/contracts/schemas/stats';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type MouseEvent, useMemo, useState } from 'react';
import { az } from '../../../i18n/az';
import { formatNumber } from '../../../lib/format-number';

const t = az.adminActivity;

type SeriesKey = 'signups' | 'movies' | 'comments';
const KEYS: SeriesKey[] = ['signups', 'movies', 'comments'];
/** Dashes tell the lines apart without relying on colour alone. */
const DASH: Record<SeriesKey, string | undefined> = { signups: undefined, movies: '7 4', comments: '2 4' };

const M = { top: 14, right: 14, bottom: 30, left: 40 };
/** The drawing's own units; on phones a narrower drawing keeps the labels legible. */
const SIZES = { wide: { width: 720, height: 260, labels: 6 }, compact: { width: 360, height: 240, labels: 4 } };

/** 'YYYY-MM-DD' as dd.MM (the chart's axis) without going through a time zone. */
const dayMonth = (date: string) => {
  const [, month, day] = date.split('-');
  return `${day}.${month}`;
};
const fullDate = (date: string) => {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
};

/** A round upper bound with 4 integer steps: 0..4, 0..8, 0..20, 0..40, ... */
export const niceMax = (max: number): number => {
  if (max <= 4) return 4;
  const step = Math.ceil(max / 4);
  const magnitude = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= step) ?? step;
  return Math.ceil(nice) * 4;
};

/**
 * Sign-ups, movies and comments per day over the series (7, 30 or 90 days), as an accessible SVG line
 * chart: a summary label, a legend with totals, a hover read-out, and the same data as a table
 * on request.
 */
export function ActivityChart({ series }: { series: DailyActivity[] }) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const { width: WIDTH, height: HEIGHT, labels } = compact ? SIZES.compact : SIZES.wide;
  const PLOT_W = WIDTH - M.left - M.right;
  const PLOT_H = HEIGHT - M.top - M.bottom;
  const [hover, setHover] = useState<number | null>(null);
  const [showTable, setShowTable] = useState(false);
  const colors: Record<SeriesKey, string> = {
    signups: theme.palette.primary.main,
    movies: theme.palette.success.main,
    comments: theme.palette.warning.main,
  };

  const totals = useMemo(
    () =>
      Object.fromEntries(KEYS.map((key) => [key, series.reduce((sum, day) => sum + day[key], 0)])) as Record<
        SeriesKey,
        number
      >,
    [series],
  );
  const label = t.chartLabel(series.length, totals.signups, totals.movies, totals.comments);
  const top = niceMax(Math.max(0, ...series.flatMap((day) => KEYS.map((key) => day[key]))));

  if (series.length === 0) {
    return <Typography color="text.secondary">{t.empty}</Typography>;
  }

  const x = (index: number) => M.left + (series.length === 1 ? PLOT_W / 2 : (index / (series.length - 1)) * PLOT_W);
  const y = (value: number) => M.top + PLOT_H - (value / top) * PLOT_H;
  const ticks = [0, 1, 2, 3, 4].map((i) => (top / 4) * i);
  const labelEvery = Math.max(1, Math.ceil(series.length / labels));

  const onMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    const px = ((event.clientX - box.left) / box.width) * WIDTH;
    const index = Math.round(((px - M.left) / PLOT_W) * (series.length - 1));
    setHover(Math.min(series.length - 1, Math.max(0, index)));
  };
  const hovered = hover === null ? undefined : series[hover];

  return (
    <Box>
      <Box
        component="ul"
        aria-label={t.title(series.length)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, listStyle: 'none', p: 0, m: 0, mb: 1.5 }}
      >
        {KEYS.map((key) => (
          <Box
            component="li"
            key={key}
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            data-testid={`legend-${key}`}
          >
            <svg width="28" height="10" aria-hidden="true">
              <line x1="0" y1="5" x2="28" y2="5" stroke={colors[key]} strokeWidth="3" strokeDasharray={DASH[key]} />
            </svg>
            <Typography variant="body2">
              {t.series[key]}: <strong>{formatNumber(totals[key])}</strong>
            </Typography>
          </Box>
        ))}
      </Box>

      <Box sx={{ position: 'relative' }}>
        <Box
          component="svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={label}
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
          sx={{ width: '100%', height: 'auto', display: 'block', overflow: 'visible', touchAction: 'pan-y' }}
        >
          <title>{label}</title>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={M.left}
                x2={WIDTH - M.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke={theme.palette.divider}
                strokeDasharray={tick === 0 ? undefined : '3 3'}
              />
              <text
                x={M.left - 8}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize="12"
                fill={theme.palette.text.secondary}
              >
                {Number.isInteger(tick) ? tick : tick.toFixed(1)}
              </text>
            </g>
          ))}
          {series.map((day, index) =>
            index % labelEvery === 0 || index === series.length - 1 ? (
              <text
                key={day.date}
                x={x(index)}
                y={HEIGHT - 8}
                textAnchor="middle"
                fontSize="12"
                fill={theme.palette.text.secondary}
              >
                {dayMonth(day.date)}
              </text>
            ) : null,
          )}
          {hovered && hover !== null && (
            <line x1={x(hover)} x2={x(hover)} y1={M.top} y2={M.top + PLOT_H} stroke={theme.palette.text.disabled} />
          )}
          {KEYS.map((key) => (
            <g key={key} data-testid={`series-${key}`}>
              <polyline
                fill="none"
                stroke={colors[key]}
                strokeWidth="2.5"
                strokeLinejoin="round"
                strokeLinecap="round"
                strokeDasharray={DASH[key]}
                points={series.map((day, index) => `${x(index)},${y(day[key])}`).join(' ')}
              />
              {hovered && hover !== null && <circle cx={x(hover)} cy={y(hovered[key])} r="4" fill={colors[key]} />}
            </g>
          ))}
        </Box>
        {hovered && hover !== null && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 0,
              left: `${(x(hover) / WIDTH) * 100}%`,
              transform: hover > series.length / 2 ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              boxShadow: 2,
              px: 1.5,
              py: 1,
              pointerEvents: 'none',
              whiteSpace: 'nowrap',
            }}
          >
            <Typography variant="caption" sx={{ fontWeight: 700 }} component="p">
              {fullDate(hovered.date)}
            </Typography>
            {KEYS.map((key) => (
              <Typography key={key} variant="caption" component="p" sx={{ color: colors[key] }}>
                {t.series[key]}: {hovered[key]}
              </Typography>
            ))}
          </Box>
        )}
      </Box>

      <Button size="small" onClick={() => setShowTable((shown) => !shown)} aria-expanded={showTable} sx={{ mt: 1 }}>
        {showTable ? t.hideTable : t.showTable}
      </Button>
      {showTable && (
        <TableContainer sx={{ maxHeight: 360, mt: 1 }}>
          <Table size="small" stickyHeader>
            <caption>{t.tableCaption}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t.date}</TableCell>
                {KEYS.map((key) => (
                  <TableCell key={key} align="right">
                    {t.series[key]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {series.map((day) => (
                <TableRow key={day.date}>
                  <TableCell component="th" scope="row">
                    {fullDate(day.date)}
                  </TableCell>
                  {KEYS.map((key) => (
                    <TableCell key={key} align="right">
                      {day[key]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

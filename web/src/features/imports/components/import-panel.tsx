import type { ImportJob } from '@kinodost/contracts/schemas/imports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { useRequestAddMovie } from '../../movies/hooks/add-movie-trigger';
import { moviesKey } from '../../movies/hooks/movie-queries';
import { getImport, startImport } from '../api/imports';
import { importProgress } from '../import-progress';

const t = az.profile.import;
/** How often a running import is asked about when no socket event came (the socket may be down). */
export const IMPORT_POLL_MS = 2000;

/** "İdxal et": a Letterboxd or IMDb export in, a progress bar fed by the socket, then the summary. */
export function ImportPanel() {
  const queryClient = useQueryClient();
  const requestAdd = useRequestAddMovie();
  const input = useRef<HTMLInputElement>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<{ done: number; total: number } | null>(null);

  const job = useQuery({
    queryKey: ['import', jobId],
    queryFn: ({ signal }) => getImport(jobId as string, signal),
    enabled: jobId !== null,
    // The socket's events move the bar; polling is the fallback while it runs.
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? IMPORT_POLL_MS : false),
  });

  useEffect(
    () =>
      importProgress.subscribe((event) => {
        if (event.id !== jobId) return;
        setLive({ done: event.done, total: event.total });
        void refetchAfterChange(queryClient, moviesKey);
        if (event.status) void refetchAfterChange(queryClient, ['import', jobId]);
      }),
    [jobId, queryClient],
  );

  const data: ImportJob | undefined = job.data;
  useEffect(() => {
    if (data && data.status !== 'running') void refetchAfterChange(queryClient, moviesKey);
  }, [data, queryClient]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setLive(null);
    setJobId(null);
    setUploading(0);
    try {
      const started = await startImport(file, setUploading);
      setJobId(started.data.id);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUploading(null);
    }
  };

  const running = uploading !== null || data?.status === 'running' || (jobId !== null && !data);
  const done = Math.max(live?.done ?? 0, data?.done ?? 0);
  const total = data?.total ?? live?.total ?? 0;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">{t.intro}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, typography: 'body2' }}>
        <li>{t.letterboxd}</li>
        <li>{t.imdb}</li>
      </Box>
      <Box>
        <input
          ref={input}
          type="file"
          accept=".zip,.csv,application/zip,text/csv"
          hidden
          data-testid="import-file"
          onChange={(e) => void choose(e)}
        />
        <BusyButton variant="contained" onClick={() => input.current?.click()} busy={running}>
          {t.choose}
        </BusyButton>
      </Box>
      {uploading !== null && (
        <Box>
          <Typography variant="body2">{t.uploading(uploading)}</Typography>
          <LinearProgress variant="determinate" value={uploading} />
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {data?.status === 'running' && (
        <Box>
          <Typography variant="body2" id="import-progress-label">
            {t.progress(done, total)}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-labelledby="import-progress-label" />
        </Box>
      )}
      {data?.status === 'failed' && <Alert severity="error">{data.error ?? t.failed}</Alert>}
      {data?.status === 'done' && (
        <Alert severity="success">
          <Typography variant="body2" component="p">
            {t.summary(data)}
          </Typography>
          {data.unmatched.length > 0 && (
            <>
              <Typography variant="body2" component="p" sx={{ mt: 1 }}>
                {t.unmatchedIntro(data.unmatched.length)}
              </Typography>
              <List dense aria-label={t.unmatchedLabel} sx={{ maxHeight: 240, overflow: 'auto' }}>
                {data.unmatched.map((u) => (
                  <ListItem key={`${u.title} (${u.year ?? ''})`} disableGutters>
                    <Link component="button" type="button" onClick={() => requestAdd(u.title)}>
                      {u.year ? `${u.title} (${u.year})` : u.title}
                    </Link>
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
    </Box>
  );
}

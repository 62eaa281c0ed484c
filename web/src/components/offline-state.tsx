import CloudOffIcon from '@mui/icons-material/CloudOff';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { az } from '../i18n/az';

const t = az.offline;

/**
 * Says that a list waits for the network; it fills itself in when the connection is back. Shown
 * in place of the list's skeletons or error while `useListOffline` (lib/online.ts) says so.
 */
export function OfflineState({ text = t.text }: { text?: string }) {
  return (
    <Paper variant="outlined" role="status" sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed' }}>
      <CloudOffIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>{t.title}</Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Paper>
  );
}

/** The same for a page whose record has not come yet (a movie, a film, a profile, a thread). */
export function OfflinePage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, sm: 8 } }}>
      <OfflineState text={t.pageText} />
    </Container>
  );
}

import Typography from '@mui/material/Typography';
import { az } from '../../../i18n/az';
import { useNow } from '../hooks/use-now';
import { formatLastSeen } from '../last-seen-text';

const t = az.presence;

/** 'İndi onlayn', or 'Son dəfə onlayn: <the last-seen text>' with the text in its own span. */
export function PresenceText({ online, lastSeen }: { online: boolean; lastSeen: string | null | undefined }) {
  // The tick only re-renders; the text is computed against the clock at render time, so a value
  // that just arrived is not read against a clock up to 30 s old.
  useNow();
  const now = Date.now();
  return (
    <Typography
      variant="body2"
      component="span"
      data-testid="presence-text"
      data-online={online ? 'true' : 'false'}
      sx={{ display: 'block', color: online ? 'success.main' : 'text.secondary' }}
    >
      {online ? (
        t.onlineNow
      ) : (
        <>
          {t.lastSeenLabel} <span data-testid="last-seen">{formatLastSeen(lastSeen, now)}</span>
        </>
      )}
    </Typography>
  );
}

import Box from '@mui/material/Box';
import { az } from '../../../i18n/az';
import { unreadColor } from './newsletter-colors';

/** The unread mark of a newsletter the member has not opened. */
export function UnreadDot() {
  return (
    <Box
      component="span"
      role="img"
      aria-label={az.newsletters.unread}
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: unreadColor,
        flexShrink: 0,
      }}
    />
  );
}

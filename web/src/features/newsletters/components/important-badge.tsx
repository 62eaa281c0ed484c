import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import Chip from '@mui/material/Chip';
import { az } from '../../../i18n/az';
import { importantColor } from './newsletter-colors';

/** The 'Vacib' mark of an important newsletter. */
export function ImportantBadge() {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<PriorityHighIcon />}
      label={az.newsletters.important}
      sx={{
        color: importantColor,
        borderColor: importantColor,
        fontWeight: 700,
        '& .MuiChip-icon': { color: 'inherit' },
      }}
    />
  );
}

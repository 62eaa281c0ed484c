import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';

/**
 * A reset link that can no longer be used: the server's text, then one full-width way to ask for
 * a new link, its label kept on one line.
 */
export function ResetLinkInvalid({ message }: { message: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="error">{message}</Alert>
      <Button
        component={RouterLink}
        to={paths.forgotPassword}
        variant="contained"
        size="large"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {az.auth.reset.requestNew}
      </Button>
    </Box>
  );
}

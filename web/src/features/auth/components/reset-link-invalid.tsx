import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';

/**
 * A reset link that can no longer be used: the server's text, then one full-width way to ask for
 * a new link, its label kept on one line. `takeFocus` when it replaces a form the member was
 * using: the focused button left with the form, and the way on gets the focus instead of <body>.
 */
export function ResetLinkInvalid({ message, takeFocus = false }: { message: string; takeFocus?: boolean }) {
  const requestNew = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (takeFocus) requestNew.current?.focus();
  }, [takeFocus]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="error">{message}</Alert>
      <Button
        component={RouterLink}
        to={paths.forgotPassword}
        ref={requestNew}
        variant="contained"
        size="large"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {az.auth.reset.requestNew}
      </Button>
    </Box>
  );
}

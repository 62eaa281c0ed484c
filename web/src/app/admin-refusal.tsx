import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { azShell } from '../i18n/az-shell';

/** What a member who is not an admin sees on /admin/* (the exact refusal text of SPEC.md). */
export function AdminRefusal() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
          {azShell.errors.adminOnly}
        </Alert>
        <Button component={RouterLink} to={paths.home} variant="contained">
          {azShell.common.backHome}
        </Button>
      </Box>
    </Box>
  );
}

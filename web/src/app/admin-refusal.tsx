import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { azShell } from '../i18n/az-shell';

/** What a member who is not an admin sees on /admin/*, inside the main layout (guards.tsx). */
export function AdminRefusal() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', px: 2, py: { xs: 6, sm: 10 } }}>
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

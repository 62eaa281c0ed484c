import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { az } from '../../i18n/az';

/** Any unknown path (docs/product.md#pages-and-routes). */
export function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', px: 2, py: { xs: 6, sm: 10 } }}>
      <Typography
        variant="h1"
        component="p"
        color="primary"
        sx={{ fontWeight: 800, fontSize: { xs: '4rem', sm: '6rem' } }}
        aria-hidden
      >
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {az.notFound.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {az.notFound.text}
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained">
        {az.common.backHome}
      </Button>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { az } from '../i18n/az';

/**
 * A visitor's note where a member could act (add a film, comment), with "Daxil ol" beside it.
 * The button keeps its words on one line: on a phone the note's text takes the width it leaves.
 */
export function SignInAlert({ text, sx }: { text: string; sx?: SxProps<Theme> }) {
  return (
    <Alert
      severity="info"
      sx={sx}
      action={
        <Button component={RouterLink} to={paths.login} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {az.common.signIn}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

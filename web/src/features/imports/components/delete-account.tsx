import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { deleteOwnAccount } from '../api/imports';

const t = az.profile.deleteAccount;

/** "Hesabı sil": a dialog that asks for the password before the account and everything in it go. */
export function DeleteAccount() {
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: deleteOwnAccount,
    onSuccess: () => {
      setOpen(false);
      toast.success(t.deleted);
      logout();
    },
    onError: (error) => {
      const fields = errorFields(error);
      setFieldError(fields.password);
      setFormError(fields.password ? null : errorMessage(error));
    },
  });
  const close = () => {
    if (mutation.isPending) return;
    setOpen(false);
    setPassword('');
    setFieldError(undefined);
    setFormError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError(t.passwordRequired);
      return;
    }
    mutation.mutate(password);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">{t.intro}</Typography>
      <Box>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          {t.button}
        </Button>
      </Box>
      <Dialog open={open} onClose={close} aria-labelledby="delete-account-title">
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id="delete-account-title">{t.confirmTitle}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText>{t.confirmText}</DialogContentText>
            <PasswordField
              label={t.password}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(fieldError)}
              helperText={fieldError}
              autoFocus
            />
            {formError && <Alert severity="error">{formError}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={mutation.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={mutation.isPending}>
              {t.confirm}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}

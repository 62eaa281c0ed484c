import type { AdminUpdateUserBody, UserProfile } from '@kinodost/contracts/schemas/users';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { formChanged, useDiscardGuard } from '../../../components/discard-guard';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
import { onlyErrors, validateEmail, validateUsername } from '../../auth/validation';
import { useUpdateUser } from '../hooks/use-user-admin';

type Field = 'username' | 'email';
const t = az.admin.users;

/** Edit another user's username and email. */
export function EditUserDialog({ user, onClose }: { user: UserProfile | null; onClose: () => void }) {
  const { values, setValues, setErrors, bind } = useFormFields<Field>({ username: '', email: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useUpdateUser();
  const usernameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (user) {
      setValues({ username: user.username, email: user.email });
      setErrors({});
      setFormError(null);
    }
  }, [user, setValues, setErrors]);

  const changed =
    user !== null &&
    formChanged(
      { username: values.username.trim(), email: values.email.trim() },
      { username: user.username, email: user.email },
    );
  const { requestClose, discardDialog } = useDiscardGuard(changed, onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || mutation.isPending) return;
    const body: AdminUpdateUserBody = {};
    const username = values.username.trim();
    const email = values.email.trim();
    if (username !== user.username) body.username = username;
    if (email.toLowerCase() !== user.email.toLowerCase()) body.email = email;
    const found = onlyErrors({
      username: body.username !== undefined ? validateUsername(username) : undefined,
      email: body.email !== undefined ? validateEmail(email) : undefined,
    });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    mutation.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          toast.success(t.updated);
          onClose();
        },
        onError: (error) => {
          const fields = errorFields(error);
          setErrors(fields);
          // Said once, where it belongs (as in the registration and profile forms): a field's error
          // under its input, the rest in the dialog's alert; a toast of the same text beside either
          // made screen readers say it twice.
          if (Object.keys(fields).length > 0) {
            setFormError(null);
            // The focus goes with the text to its field, so the field is read with its error.
            if (fields.username) usernameInput.current?.focus();
            else if (fields.email) emailInput.current?.focus();
          } else {
            setFormError(errorMessage(error));
          }
        },
      },
    );
  };

  return (
    <Dialog open={Boolean(user)} onClose={requestClose} fullWidth maxWidth="xs" aria-labelledby="edit-user-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="edit-user-title">{t.editTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <TextField
              label={az.auth.register.username}
              name="username"
              inputRef={usernameInput}
              {...bind('username')}
              autoFocus
            />
            <TextField
              label={az.auth.register.email}
              name="email"
              type="email"
              inputRef={emailInput}
              {...bind('email')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose}>{az.common.cancel}</Button>
          <BusyButton type="submit" variant="contained" busy={mutation.isPending}>
            {mutation.isPending ? az.common.saving : az.common.save}
          </BusyButton>
        </DialogActions>
      </form>
      {/* Portalled like any dialog; rendered in here so that the form's layout is untouched. */}
      {discardDialog}
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { setToken } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
import { onlyErrors, validateConfirmation, validateNewPassword } from '../../auth/validation';
import { changePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const t = az.profile.password;
const blank: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmation; keeps the fresh token the server returns. */
export function ChangePasswordForm() {
  const { username } = useAuth();
  const { values, setValues, setErrors, bind } = useFormFields<Field>(blank);
  const [formError, setFormError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      // The server revoked every older token, this one included: keep the new one or the next call fails.
      if (reply.token) setToken(reply.token);
      setValues(blank);
      toast.success(t.changed);
    },
    onError: (error) => {
      const fields = errorFields(error);
      setErrors(fields);
      setFormError(Object.keys(fields).length > 0 ? null : errorMessage(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = onlyErrors({
      currentPassword: values.currentPassword ? undefined : t.currentRequired,
      newPassword: validateNewPassword(values.newPassword, username ?? undefined),
      confirmPassword: validateConfirmation(values.newPassword, values.confirmPassword),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      {/* A hidden username helps password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username ?? ''} readOnly hidden />
      <PasswordField
        label={t.current}
        name="currentPassword"
        autoComplete="current-password"
        {...bind('currentPassword')}
      />
      <PasswordField
        label={t.next}
        name="newPassword"
        autoComplete="new-password"
        {...bind('newPassword', az.auth.register.passwordHelp)}
      />
      <PasswordField
        label={t.confirm}
        name="confirmPassword"
        autoComplete="new-password"
        {...bind('confirmPassword')}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {mutation.isPending ? az.common.saving : t.submit}
        </Button>
      </Box>
    </Box>
  );
}

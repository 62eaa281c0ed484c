import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { PasswordField } from '../../../components/password-field';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { useFormFields } from '../../../lib/use-form-fields';
import { isInvalidResetLink } from '../api/check-reset-token';
import { resetPassword } from '../api/reset-password';
import { onlyErrors, validateConfirmation, validateNewPassword } from '../validation';
import { ResetLinkInvalid } from './reset-link-invalid';

type Field = 'newPassword' | 'confirmPassword';
const t = az.auth.reset;

/** Sets a new password with the token from the emailed link (checked as valid by the page). */
export function ResetPasswordForm({ token }: { token: string }) {
  const { values, setErrors, bind } = useFormFields<Field>({ newPassword: '', confirmPassword: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const newPasswordInput = useRef<HTMLInputElement>(null);
  const toLogin = useRef<HTMLAnchorElement>(null);
  const mutation = useMutation({
    mutationFn: resetPassword,
    onError: (error) => {
      const fields = errorFields(error);
      setErrors({ newPassword: fields.newPassword });
      setFormError(fields.newPassword ? null : errorMessage(error));
      // The server's text for the new password goes under the field: the focus goes there with it.
      if (fields.newPassword) newPasswordInput.current?.focus();
    },
  });

  // Saved, the form gives way to the notice: the focus, left on the button that went with it, moves
  // to the way on ("Daxil ol") instead of falling to <body>.
  useEffect(() => {
    if (mutation.isSuccess) toLogin.current?.focus();
  }, [mutation.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = onlyErrors({
      newPassword: validateNewPassword(values.newPassword),
      confirmPassword: validateConfirmation(values.newPassword, values.confirmPassword),
    });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length === 0) mutation.mutate({ token, newPassword: values.newPassword });
  };

  // The link was used or ran out while the form was open.
  if (mutation.isError && isInvalidResetLink(mutation.error)) {
    return <ResetLinkInvalid message={errorMessage(mutation.error)} takeFocus />;
  }

  if (mutation.isSuccess) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" role="status">
          {t.success}
        </Alert>
        <Button component={RouterLink} to={paths.login} variant="contained" ref={toLogin}>
          {t.toLogin}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <PasswordField
        label={t.newPassword}
        name="newPassword"
        autoComplete="new-password"
        autoFocus
        required
        inputRef={newPasswordInput}
        {...bind('newPassword', az.auth.register.passwordHelp)}
      />
      <PasswordField
        label={t.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
        required
        {...bind('confirmPassword')}
      />
      <BusyButton type="submit" variant="contained" size="large" busy={mutation.isPending}>
        {mutation.isPending ? t.submitting : t.submit}
      </BusyButton>
    </Box>
  );
}

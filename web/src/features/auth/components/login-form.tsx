import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { PasswordField } from '../../../components/password-field';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormFields } from '../../../lib/use-form-fields';
import { login } from '../api/login';
import { onlyErrors } from '../validation';

type Field = 'username' | 'password';
const t = az.auth.login;

/** Username-or-email and password; a success goes to /dashboard through the auth state. */
export function LoginForm() {
  const auth = useAuth();
  const { values, setErrors, bind } = useFormFields<Field>({ username: '', password: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: ({ token }) => auth.login(token),
    onError: (error) => {
      const fields = errorFields(error);
      setFormError(errorMessage(error));
      setErrors(fields);
      // A text that belongs to a field takes the focus there, so the field is read with its error;
      // otherwise (wrong credentials, too many attempts) the focus stays on "Daxil ol".
      if (fields.username) usernameInput.current?.focus();
      else if (fields.password) passwordInput.current?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = onlyErrors({
      username: values.username.trim() ? undefined : t.identifierRequired,
      password: values.password ? undefined : az.auth.validation.passwordRequired,
    });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({ username: values.username.trim(), password: values.password });
  };

  return (
    // Prerendered (prerender/visitor-pages.tsx): were the browser ever to send it itself (scripts
    // off), POST keeps the password out of the address and the server's logs.
    <Box component="form" method="post" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <TextInput
        label={t.identifier}
        name="username"
        autoComplete="username"
        autoFocus
        required
        inputRef={usernameInput}
        {...bind('username')}
      />
      <PasswordField
        label={t.password}
        name="password"
        autoComplete="current-password"
        required
        inputRef={passwordInput}
        {...bind('password')}
      />
      <Box sx={{ textAlign: 'right', mt: -1 }}>
        <Link component={RouterLink} to={paths.forgotPassword} variant="body2">
          {t.forgotLink}
        </Link>
      </Box>
      <BusyButton type="submit" variant="contained" size="large" busy={mutation.isPending}>
        {mutation.isPending ? t.submitting : t.submit}
      </BusyButton>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t.noAccount}{' '}
        <Link component={RouterLink} to={paths.register}>
          {t.registerLink}
        </Link>
      </Typography>
    </Box>
  );
}

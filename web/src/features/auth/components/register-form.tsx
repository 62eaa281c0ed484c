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
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
import { register } from '../api/register';
import { onlyErrors, validateConfirmation, validateEmail, validateNewPassword, validateUsername } from '../validation';

type Field = 'username' | 'email' | 'password' | 'confirmPassword';
const t = az.auth.register;

/** Registration; the server answers with a token, so the user is signed in at once. */
export function RegisterForm() {
  const auth = useAuth();
  const { values, setErrors, bind } = useFormFields<Field>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmInput = useRef<HTMLInputElement>(null);

  const mutation = useMutation({
    mutationFn: register,
    onSuccess: ({ token }) => {
      toast.success(t.success);
      auth.login(token);
    },
    onError: (error) => {
      const fields = errorFields(error);
      setErrors(fields);
      // A field error already sits under its input; repeat only texts with no field.
      setFormError(Object.keys(fields).length > 0 ? null : errorMessage(error));
      // The focus goes with it to the first field with a text (a 409 for a taken username), so the
      // field is read with its error; otherwise it stays on "Qeydiyyatdan keç".
      if (fields.username) usernameInput.current?.focus();
      else if (fields.email) emailInput.current?.focus();
      else if (fields.password) passwordInput.current?.focus();
      else if (fields.confirmPassword) confirmInput.current?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = onlyErrors({
      username: validateUsername(values.username),
      email: validateEmail(values.email),
      password: validateNewPassword(values.password, values.username),
      confirmPassword: validateConfirmation(values.password, values.confirmPassword),
    });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({ ...values, username: values.username.trim(), email: values.email.trim() });
  };

  return (
    // Prerendered (prerender/visitor-pages.tsx): were the browser ever to send it itself (scripts
    // off), POST keeps the password out of the address and the server's logs.
    <Box component="form" method="post" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <TextInput
        label={t.username}
        name="username"
        autoComplete="username"
        autoFocus
        required
        inputRef={usernameInput}
        {...bind('username', t.usernameHelp)}
      />
      <TextInput
        label={t.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        inputRef={emailInput}
        {...bind('email')}
      />
      <PasswordField
        label={t.password}
        name="password"
        autoComplete="new-password"
        required
        inputRef={passwordInput}
        {...bind('password', t.passwordHelp)}
      />
      <PasswordField
        label={t.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
        required
        inputRef={confirmInput}
        {...bind('confirmPassword')}
      />
      <BusyButton type="submit" variant="contained" size="large" busy={mutation.isPending}>
        {mutation.isPending ? t.submitting : t.submit}
      </BusyButton>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t.haveAccount}{' '}
        <Link component={RouterLink} to={paths.login}>
          {t.loginLink}
        </Link>
      </Typography>
    </Box>
  );
}

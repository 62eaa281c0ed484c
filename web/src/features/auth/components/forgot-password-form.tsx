import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { forgotPassword } from '../api/forgot-password';
import { validateEmail } from '../validation';

const t = az.auth.forgot;

/** Asks for a reset link. The success text is the same whether or not the email is known. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const backToLogin = useRef<HTMLAnchorElement>(null);
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onError: (error) => {
      const fields = errorFields(error);
      setFieldError(fields.email);
      setFormError(fields.email ? null : errorMessage(error));
      // The server's text for the address goes under the field: the focus goes there with it.
      if (fields.email) emailInput.current?.focus();
    },
  });

  // Sent, the form gives way to the notice: the focus, left on the button that went with it, moves
  // to the way on ("Girişə qayıt") instead of falling to <body>.
  useEffect(() => {
    if (mutation.isSuccess) backToLogin.current?.focus();
  }, [mutation.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const problem = validateEmail(email);
    setFieldError(problem);
    setFormError(null);
    if (!problem) mutation.mutate({ email: email.trim() });
  };

  if (mutation.isSuccess) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" role="status">
          {t.success}
        </Alert>
        <Button component={RouterLink} to={paths.login} variant="outlined" ref={backToLogin}>
          {t.backToLogin}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <TextInput
        label={t.email}
        name="email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        inputRef={emailInput}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
        }}
        error={Boolean(fieldError)}
        helperText={fieldError}
      />
      <BusyButton type="submit" variant="contained" size="large" busy={mutation.isPending}>
        {mutation.isPending ? t.submitting : t.submit}
      </BusyButton>
      <Link component={RouterLink} to={paths.login} variant="body2" sx={{ textAlign: 'center' }}>
        {t.backToLogin}
      </Link>
    </Box>
  );
}

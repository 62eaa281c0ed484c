import type { UpdateProfileBody } from '@kinodost/contracts/schemas/users';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
import { onlyErrors, validateEmail, validateUsername } from '../../auth/validation';
import { updateProfile } from '../api/update-profile';

type Field = 'username' | 'email';
const t = az.profile.details;

/** Edits username and email; sends only what changed. */
export function ProfileDetailsForm() {
  const { profile, setProfile } = useAuth();
  const { values, setValues, setErrors, bind } = useFormFields<Field>({
    username: profile?.username ?? '',
    email: profile?.email ?? '',
  });
  const [formError, setFormError] = useState<string | null>(null);

  // The profile may arrive after the first render (right after login).
  useEffect(() => {
    if (profile) setValues({ username: profile.username, email: profile.email });
  }, [profile, setValues]);

  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      setProfile(updated);
      toast.success(t.saved);
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
    const body: UpdateProfileBody = {};
    const username = values.username.trim();
    const email = values.email.trim();
    if (username !== profile?.username) body.username = username;
    if (email.toLowerCase() !== profile?.email.toLowerCase()) body.email = email;
    const found = onlyErrors({
      username: body.username !== undefined ? validateUsername(username) : undefined,
      email: body.email !== undefined ? validateEmail(email) : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(body).length === 0) {
      toast.info(t.noChanges);
      return;
    }
    mutation.mutate(body);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <TextField
        label={t.username}
        name="username"
        autoComplete="username"
        {...bind('username', az.auth.register.usernameHelp)}
      />
      <TextField label={t.email} name="email" type="email" autoComplete="email" {...bind('email')} />
      <Box>
        <Button type="submit" variant="contained" disabled={mutation.isPending || !profile}>
          {mutation.isPending ? az.common.saving : t.submit}
        </Button>
      </Box>
    </Box>
  );
}

import type { UpdateProfileBody, Visibility } from '@kinodost/contracts/schemas/users';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { PasswordField } from '../../../components/password-field';
import { TextInput } from '../../../components/text-input';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
import { onlyErrors, validateEmail, validateUsername } from '../../auth/validation';
import { updateProfile } from '../api/update-profile';

type Field = 'username' | 'email' | 'currentPassword';
const t = az.profile.details;
const CHOICES = [
  { value: 'public', label: t.visibility.public, help: t.visibility.publicHelp },
  { value: 'friends', label: t.visibility.friends, help: t.visibility.friendsHelp },
  { value: 'private', label: t.visibility.private, help: t.visibility.privateHelp },
] as const satisfies ReadonlyArray<{ value: Visibility; label: string; help: string }>;

/**
 * Edits username, email and who may see the collection (docs/social.md "Privacy"); sends only what
 * changed. A new email asks for the current password (the server requires it, docs/product.md
 * "Change email"): the field shows once the email differs from the account's.
 */
export function ProfileDetailsForm() {
  const { profile, setProfile } = useAuth();
  const { values, setValues, setErrors, bind } = useFormFields<Field>({
    username: profile?.username ?? '',
    email: profile?.email ?? '',
    currentPassword: '',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<Visibility>(profile?.visibility ?? 'public');
  const [visibilityError, setVisibilityError] = useState<string | undefined>();
  const usernameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const emailChanged = profile !== null && values.email.trim().toLowerCase() !== profile?.email.toLowerCase();
  const visibilityGroup = useRef<HTMLDivElement>(null);

  // The profile may arrive after the first render (right after login).
  useEffect(() => {
    if (profile) {
      setValues({ username: profile.username, email: profile.email, currentPassword: '' });
      setVisibility(profile.visibility ?? 'public');
    }
  }, [profile, setValues]);

  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      setProfile(updated);
      toast.success(t.saved);
    },
    onError: (error) => {
      const all = errorFields(error);
      const { visibility: visibilityText, ...fields } = all;
      setErrors(fields);
      setVisibilityError(visibilityText);
      setFormError(Object.keys(all).length > 0 ? null : errorMessage(error));
      // A text that belongs to a field takes the focus there (a 409 for a taken username), so the
      // field is read with its error; otherwise the focus stays on "Yadda saxla".
      if (fields.username) usernameInput.current?.focus();
      else if (fields.email) emailInput.current?.focus();
      else if (fields.currentPassword) passwordInput.current?.focus();
      else if (visibilityText) visibilityGroup.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !profile) return;
    setFormError(null);
    setVisibilityError(undefined);
    const body: UpdateProfileBody = {};
    const username = values.username.trim();
    const email = values.email.trim();
    if (username !== profile?.username) body.username = username;
    if (email.toLowerCase() !== profile?.email.toLowerCase()) {
      body.email = email;
      body.currentPassword = values.currentPassword;
    }
    if (visibility !== (profile?.visibility ?? 'public')) body.visibility = visibility;
    const found = onlyErrors({
      username: body.username !== undefined ? validateUsername(username) : undefined,
      email: body.email !== undefined ? validateEmail(email) : undefined,
      currentPassword: body.email !== undefined && !values.currentPassword ? t.currentPasswordRequired : undefined,
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
      <TextInput
        label={t.username}
        name="username"
        autoComplete="username"
        inputRef={usernameInput}
        {...bind('username', az.auth.register.usernameHelp)}
      />
      <TextInput
        label={t.email}
        name="email"
        type="email"
        autoComplete="email"
        inputRef={emailInput}
        {...bind('email')}
      />
      {emailChanged && (
        <PasswordField
          label={t.currentPassword}
          name="currentPassword"
          autoComplete="current-password"
          inputRef={passwordInput}
          {...bind('currentPassword', t.currentPasswordHelp)}
        />
      )}
      <FormControl component="fieldset" error={Boolean(visibilityError)}>
        <FormLabel component="legend" id="visibility-legend">
          {t.visibility.legend}
        </FormLabel>
        <RadioGroup
          ref={visibilityGroup}
          name="visibility"
          aria-labelledby="visibility-legend"
          value={visibility}
          onChange={(event) => setVisibility(event.target.value as Visibility)}
        >
          {CHOICES.map((choice) => (
            <FormControlLabel
              key={choice.value}
              value={choice.value}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <Box>
                  <Typography>{choice.label}</Typography>
                  <Typography id={`visibility-${choice.value}-help`} variant="body2" color="text.secondary">
                    {choice.help}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {visibilityError && (
          <Typography variant="body2" color="error" role="alert">
            {visibilityError}
          </Typography>
        )}
      </FormControl>
      <Box>
        <BusyButton type="submit" variant="contained" busy={mutation.isPending || !profile}>
          {mutation.isPending ? az.common.saving : t.submit}
        </BusyButton>
      </Box>
    </Box>
  );
}

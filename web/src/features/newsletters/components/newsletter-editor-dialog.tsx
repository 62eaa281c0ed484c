import { NEWSLETTER_CONTENT_MAX, NEWSLETTER_TITLE_MAX } from '@kinodost/contracts/limits';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useDeferredValue, useEffect, useId, useState } from 'react';
import { formChanged, useDiscardGuard } from '../../../components/discard-guard';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { Newsletter } from '../api/newsletter-types';
import { useCreateNewsletter, useUpdateNewsletter } from '../hooks/use-admin-newsletters';
import {
  emptyNewsletter,
  type NewsletterFormErrors,
  type NewsletterFormValues,
  toCreateBody,
  toUpdateBody,
  validateNewsletter,
  valuesOf,
} from './newsletter-form';
import { NewsletterMarkdown } from './newsletter-markdown';

const t = az.adminNewsletters.form;

/**
 * Writes a new newsletter, or edits `newsletter`: a title, a Markdown textarea with a live
 * preview beside it (below it on phones) rendered exactly as readers will see it, and the
 * important switch.
 */
export function NewsletterEditorDialog({
  open,
  newsletter,
  onClose,
}: {
  open: boolean;
  newsletter?: Newsletter | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateNewsletter();
  const update = useUpdateNewsletter();
  const [values, setValues] = useState<NewsletterFormValues>(emptyNewsletter);
  const [initial, setInitial] = useState<NewsletterFormValues>(emptyNewsletter);
  const [errors, setErrors] = useState<NewsletterFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const preview = useDeferredValue(values.content);
  const ids = { title: useId(), preview: useId(), important: useId() };
  const editing = Boolean(newsletter);
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    const start = newsletter ? valuesOf(newsletter) : emptyNewsletter;
    setValues(start);
    setInitial(start);
    setErrors({});
    setServerError(null);
  }, [open, newsletter]);

  const set = <K extends keyof NewsletterFormValues>(key: K, value: NewsletterFormValues[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    if (key in errors) setErrors((old) => ({ ...old, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewsletter(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setServerError(null);
    const onError = (error: unknown) => setServerError(errorMessage(error));
    if (newsletter) {
      const body = toUpdateBody(values, newsletter);
      if (!body) return onClose();
      update.mutate(
        { id: newsletter.id, body },
        {
          onSuccess: () => {
            toast.success(az.adminNewsletters.toasts.updated);
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(toCreateBody(values), {
        onSuccess: () => {
          toast.success(az.adminNewsletters.toasts.created);
          onClose();
        },
        onError,
      });
    }
  };

  const { requestClose, discardDialog } = useDiscardGuard(formChanged(values, initial), onClose);

  // Required fields are checked here (with the texts below the inputs), not by the browser.
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : requestClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="lg"
      aria-labelledby={ids.title}
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={ids.title}>{editing ? t.editTitle : t.createTitle}</DialogTitle>
      <DialogContent dividers>
        {serverError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        )}
        <Stack spacing={2}>
          <TextField
            label={t.title}
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            fullWidth
            autoFocus
            error={Boolean(errors.title)}
            helperText={errors.title ?? t.counter(values.title.length, NEWSLETTER_TITLE_MAX)}
            slotProps={{
              inputLabel: { required: true },
              htmlInput: { maxLength: NEWSLETTER_TITLE_MAX, 'aria-required': true },
            }}
          />
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={values.is_important}
                  onChange={(e) => set('is_important', e.target.checked)}
                  slotProps={{ input: { 'aria-describedby': ids.important } }}
                />
              }
              label={t.important}
            />
            <FormHelperText id={ids.important} sx={{ mt: 0 }}>
              {t.importantHelp}
            </FormHelperText>
          </Box>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
            <TextField
              label={t.content}
              value={values.content}
              onChange={(e) => set('content', e.target.value)}
              multiline
              minRows={12}
              maxRows={fullScreen ? 16 : 24}
              fullWidth
              error={Boolean(errors.content)}
              helperText={
                errors.content ?? `${t.contentHelp} ${t.counter(values.content.length, NEWSLETTER_CONTENT_MAX)}`
              }
              slotProps={{
                inputLabel: { required: true },
                htmlInput: { maxLength: NEWSLETTER_CONTENT_MAX, spellCheck: true, 'aria-required': true },
              }}
              sx={{ flex: 1, '& textarea': { fontFamily: 'monospace', fontSize: 14 } }}
            />
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby={ids.preview}
              sx={{ flex: 1, p: 2, minHeight: 200, maxHeight: { md: 560 }, overflowY: 'auto', minWidth: 0 }}
            >
              <Typography id={ids.preview} variant="overline" color="text.secondary" component="h3">
                {t.preview}
              </Typography>
              {values.title.trim() && (
                <Typography variant="h5" component="p" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}>
                  {values.title}
                </Typography>
              )}
              {preview.trim() ? (
                <NewsletterMarkdown content={preview} />
              ) : (
                <Typography color="text.secondary">{t.previewEmpty}</Typography>
              )}
            </Paper>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={requestClose} disabled={saving}>
          {az.common.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? t.saving : editing ? t.submitEdit : t.submitCreate}
        </Button>
      </DialogActions>
      {/* Portalled like any dialog; rendered in here so that the form's layout is untouched. */}
      {discardDialog}
    </Dialog>
  );
}

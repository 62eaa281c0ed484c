import { IMAGE_MAX_BYTES } from '@kinodost/contracts/limits';
import PhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { ImagePickButton } from '../../../components/image-pick-button';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { useFocusAfterDelete } from '../../../lib/use-focus-after-delete';
import { deleteAvatar } from '../api/delete-avatar';
import { AVATAR_TYPES, uploadAvatar } from '../api/upload-avatar';
import { hasImageSignature } from '../image-signature';

const t = az.profile.avatar;

/** Checked before upload so an obvious mistake costs no round trip; the server checks content. */
export const checkAvatarFile = (file: File): string | undefined => {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return t.wrongType;
  if (file.size > IMAGE_MAX_BYTES) return t.tooLarge;
  return undefined;
};

/**
 * checkAvatarFile, then the file's first bytes: a text file renamed to .png passes the first (its
 * type comes from the name) and gets the server's own refusal here, before a broken preview.
 * A file that cannot be read is let through: the server decides.
 */
export const checkAvatarContent = async (file: File): Promise<string | undefined> => {
  const invalid = checkAvatarFile(file);
  if (invalid) return invalid;
  return (await hasImageSignature(file).catch(() => true)) ? undefined : t.unsupported;
};

/** Choose, preview, upload (with progress) or remove the profile picture. */
export function AvatarEditor() {
  const { avatar, username, setProfile } = useAuth();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const picker = useRef<HTMLButtonElement>(null);
  // "Yüklə", "Ləğv et" and "Şəkli sil" go away once used: the focus they held goes to the picker
  // instead of falling to <body>.
  const focusPicker = useFocusAfterDelete(() => picker.current);
  // The newest choice wins over a slower check of an earlier one.
  const choice = useRef(0);

  // The preview URL holds the file in memory until revoked.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const upload = useMutation({
    mutationFn: (selected: File) => uploadAvatar(selected, setProgress),
    onMutate: () => {
      setProgress(0);
      setProblem(null);
    },
    onSuccess: (profile) => {
      setProfile(profile);
      setFile(null);
      focusPicker(true);
      toast.success(t.uploaded);
    },
    // Shown under the picker only (it belongs to it): a toast too made screen readers say it twice.
    onError: (error) => setProblem(errorMessage(error)),
  });

  const remove = useMutation({
    mutationFn: deleteAvatar,
    onSuccess: (profile) => {
      setProfile(profile);
      focusPicker(true);
      toast.success(t.removed);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const selected = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire change again
    if (!selected) return;
    const current = ++choice.current;
    const invalid = await checkAvatarContent(selected);
    if (current !== choice.current) return;
    setProblem(invalid ?? null);
    setFile(invalid ? null : selected);
  };

  const cancel = () => {
    setFile(null);
    focusPicker(true);
  };

  const busy = upload.isPending || remove.isPending;
  const problemId = `${inputId}-problem`;

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Avatar
          src={preview ?? avatar ?? undefined}
          alt={preview ? t.previewAlt : t.currentAlt}
          // The initial on the colour every other avatar of the member has (components/status-avatar.tsx).
          sx={{ width: 112, height: 112, fontSize: 44, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
        >
          {username?.charAt(0).toLocaleUpperCase('az')}
        </Avatar>
        <Box sx={{ flex: 1, width: '100%' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} id={`${inputId}-hint`}>
            {t.hint}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ImagePickButton
              ref={picker}
              label={t.choose}
              accept={AVATAR_TYPES.join(',')}
              inputId={inputId}
              onChoose={(event) => void choose(event)}
              startIcon={<PhotoIcon />}
              busy={busy}
              aria-describedby={problem ? `${inputId}-hint ${problemId}` : `${inputId}-hint`}
            />
            {file && (
              <>
                <BusyButton
                  variant="contained"
                  startIcon={<CloudUploadIcon />}
                  onClick={() => upload.mutate(file)}
                  busy={busy}
                >
                  {t.upload}
                </BusyButton>
                <BusyButton onClick={() => cancel()} busy={busy}>
                  {t.cancel}
                </BusyButton>
              </>
            )}
            {!file && avatar && (
              <BusyButton color="error" startIcon={<DeleteIcon />} onClick={() => remove.mutate()} busy={busy}>
                {t.remove}
              </BusyButton>
            )}
          </Stack>
          {upload.isPending && (
            <Box sx={{ mt: 2 }}>
              <LinearProgress variant="determinate" value={progress} aria-label={t.progress(progress)} />
              <Typography variant="caption" color="text.secondary" aria-live="polite">
                {t.progress(progress)}
              </Typography>
            </Box>
          )}
        </Box>
      </Stack>
      {problem && (
        <Alert severity="error" sx={{ mt: 2 }} id={problemId}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}

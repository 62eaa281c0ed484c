import type { FilmPage } from '@kinodost/contracts/schemas/films';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { ImagePickButton } from '../../../components/image-pick-button';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { refetchAfterChange } from '../../../lib/live-query-update';
import { toast } from '../../../lib/toast';
import { AVATAR_TYPES } from '../../users/api/upload-avatar';
import { checkAvatarFile } from '../../users/components/avatar-editor';
import { uploadPoster } from '../api/upload-poster';
import { filmDetailsKey } from '../hooks/film-query';

const t = az.films.poster;

/**
 * The poster upload under a film's poster, for those who may (`can_upload_poster`: the member
 * film's maker, or an admin). A chosen file is checked as an avatar is (type, 5 MB) and sent at
 * once with its progress; the new poster shows on the page as soon as the server answers, and
 * every list showing the film's entries refetches.
 */
export function PosterUpload({ film }: { film: FilmPage }) {
  const client = useQueryClient();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  const upload = useMutation({
    mutationFn: (file: File) => uploadPoster(film.id, file, setProgress),
    onMutate: () => {
      setProgress(0);
      setProblem(null);
    },
    onSuccess: (updated) => {
      client.setQueriesData<FilmPage>({ queryKey: [...filmDetailsKey, film.id] }, (old) =>
        old ? { ...old, poster_url: updated.poster_url } : old,
      );
      refetchAfterChange(client, ['movies']);
      toast.success(t.uploaded);
    },
    onError: (error) => {
      setProblem(errorMessage(error));
      toast.error(errorMessage(error));
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire change again
    if (!file) return;
    const invalid = checkAvatarFile(file);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    upload.mutate(file);
  };

  return (
    <Box sx={{ mt: 1.5 }}>
      <ImagePickButton
        label={film.poster_url ? t.replace : t.upload}
        accept={AVATAR_TYPES.join(',')}
        inputId={inputId}
        onChoose={choose}
        size="small"
        fullWidth
        startIcon={<CloudUploadIcon />}
        // Not `disabled`: a disabled button loses the focus to <body> and never gets it back.
        busy={upload.isPending}
        aria-describedby={`${inputId}-hint`}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} id={`${inputId}-hint`}>
        {t.hint}
      </Typography>
      {upload.isPending && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={t.progress(progress)} />
          <Typography variant="caption" color="text.secondary" aria-live="polite">
            {t.progress(progress)}
          </Typography>
        </Box>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}

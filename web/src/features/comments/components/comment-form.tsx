import { COMMENT_MAX } from '@kinodost/contracts/limits';
import type { Comment } from '@kinodost/contracts/schemas/comments';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FormEvent, useState } from 'react';
import { TextInput } from '../../../components/text-input';
import { az } from '../../../i18n/az';
import { errorFields, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { CommentTarget } from '../api/target';
import { useCreateComment } from '../hooks/use-comments';

const t = az.comments;

/** The member's comment box: 1 to 1000 characters with a counter. */
export function CommentForm({ target, onPosted }: { target: CommentTarget; onPosted: (comment: Comment) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useCreateComment(target);
  const trimmed = text.trim();
  const tooLong = text.length > COMMENT_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || tooLong || mutation.isPending) return;
    setError(null);
    mutation.mutate(trimmed, {
      onSuccess: (comment) => {
        setText('');
        onPosted(comment);
      },
      onError: (failure) => {
        // A 400 names the field; a 429 (posting too fast) is the server's own text.
        setError(errorFields(failure).text ?? errorMessage(failure));
        toast.error(errorMessage(failure));
      },
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <TextInput
        label={t.label}
        placeholder={t.placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        error={tooLong || Boolean(error)}
        helperText={error ?? (tooLong ? t.tooLong(COMMENT_MAX) : t.counter(text.length, COMMENT_MAX))}
        inputProps={{ maxLength: COMMENT_MAX }}
        helperTextProps={{ sx: { textAlign: error || tooLong ? 'left' : 'right' }, 'aria-live': 'polite' }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          disabled={!trimmed || tooLong || mutation.isPending}
        >
          {mutation.isPending ? t.sending : t.submit}
        </Button>
      </Box>
    </Box>
  );
}

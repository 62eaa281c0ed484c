import type { Comment } from '@kinodost/contracts/schemas/comments';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { az } from '../../../i18n/az';
import { formatDate } from '../../../lib/format-date';

const t = az.comments;

/** One comment; the author's own unpublished ones carry their status. */
export function CommentItem({ comment, onDelete }: { comment: Comment; onDelete?: (comment: Comment) => void }) {
  const unpublished = comment.status !== 'approved';
  return (
    <Box
      component="article"
      aria-label={comment.author.username}
      sx={{
        display: 'flex',
        gap: 1.5,
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: unpublished ? 'warning.main' : 'divider',
        borderStyle: unpublished ? 'dashed' : 'solid',
        bgcolor: unpublished ? 'action.hover' : 'transparent',
      }}
    >
      <Avatar
        src={comment.author.avatar_url ?? undefined}
        alt={t.authorAvatarAlt(comment.author.username)}
        sx={{ width: 36, height: 36, fontSize: 16, bgcolor: 'primary.main' }}
      >
        {comment.author.username.charAt(0).toLocaleUpperCase('az')}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={paths.user(comment.author.id)} underline="hover" sx={{ fontWeight: 700 }}>
            {comment.author.username}
          </Link>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={comment.created_at}>
            {formatDate(comment.created_at)}
          </Typography>
          {comment.status === 'pending' && (
            <Chip size="small" color="warning" icon={<HourglassIcon />} label={t.pending} />
          )}
          {comment.status === 'rejected' && <Chip size="small" color="error" variant="outlined" label={t.rejected} />}
          <Box sx={{ flex: 1 }} />
          {onDelete && (
            <IconButton size="small" aria-label={t.delete} onClick={() => onDelete(comment)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 0.5 }}>{comment.text}</Typography>
        {unpublished && (
          <Typography variant="caption" color="text.secondary">
            {t.ownHint}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

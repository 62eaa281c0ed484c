import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { az } from '../../../i18n/az';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { useBlockActions, useBlocks } from '../hooks/use-blocks';

const t = az.publicProfile;

/**
 * A public profile's "Blokla" (after a confirmation saying what a block does), or "Blokdan çıxar"
 * once blocked. Only for members on someone else's profile (docs/social.md "Blocking").
 */
export function BlockButton({ userId, username }: { userId: string; username: string }) {
  const { isLoggedIn, userId: myId } = useAuth();
  const blocks = useBlocks(myId !== userId);
  const { block, unblock } = useBlockActions();
  const [confirming, setConfirming] = useState(false);
  if (!isLoggedIn || myId === userId || !blocks.data) return null;
  const blocked = blocks.data.data.some((b) => b.id === userId);

  // One button that changes its words, never a new one: the focus stays on it when a block or an
  // unblock goes through (the confirmation gives it back to this same button), where a button put in
  // another's place, or one disabled while it waits, would leave the keyboard on the page's start.
  const act = () => {
    if (!blocked) return setConfirming(true);
    if (!unblock.isPending) unblock.mutate(userId, { onSuccess: () => toast.success(t.unblocked(username)) });
  };

  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      {blocked && (
        <Typography variant="body2" color="text.secondary" role="status">
          {t.youBlocked}
        </Typography>
      )}
      <Button
        size="small"
        variant={blocked ? 'outlined' : 'text'}
        color={blocked ? 'primary' : 'error'}
        startIcon={blocked ? undefined : <BlockIcon />}
        onClick={act}
      >
        {blocked ? t.unblock : t.block}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t.blockTitle(username)}
        text={t.blockText}
        confirmLabel={t.blockConfirm}
        pending={block.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          block.mutate(userId, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t.blocked(username));
            },
          })
        }
      />
    </Box>
  );
}

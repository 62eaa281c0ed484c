import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactElement, useCallback, useId, useState } from 'react';
import { az } from '../i18n/az';

const t = az.discardChanges;

/** Whether a form's values differ from those it opened with (plain data: strings, numbers, arrays). */
export const formChanged = (values: unknown, initial: unknown) => JSON.stringify(values) !== JSON.stringify(initial);

/**
 * Every form dialog closes through this: Escape, a click outside and its cancel button call
 * `requestClose`, which closes at once while the form is as it opened (`dirty` false) and otherwise
 * asks first. "Keep writing" has the focus, so a second Escape or Enter loses nothing. Render
 * `discardDialog` next to the form dialog.
 *
 *   const { requestClose, discardDialog } = useDiscardGuard(formChanged(values, initial), onClose);
 *   <Dialog onClose={requestClose}>… <Button onClick={requestClose}>…</Dialog>{discardDialog}
 */
export function useDiscardGuard(
  dirty: boolean,
  onClose: () => void,
): { requestClose: () => void; discardDialog: ReactElement } {
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => (dirty ? setAsking(true) : onClose()), [dirty, onClose]);
  const discardDialog = (
    <DiscardChangesDialog
      open={asking}
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        onClose();
      }}
    />
  );
  return { requestClose, discardDialog };
}

function DiscardChangesDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onKeep} maxWidth="xs" aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          {t.keep}
        </Button>
        <Button color="error" variant="contained" onClick={onDiscard}>
          {t.discard}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

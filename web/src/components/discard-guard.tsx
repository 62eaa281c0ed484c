import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactElement, useCallback, useEffect, useId, useRef, useState } from 'react';
import { az } from '../i18n/az';

const t = az.discardChanges;

/** Whether a form's values differ from those it opened with (plain data: strings, numbers, arrays). */
export const formChanged = (values: unknown, initial: unknown) => JSON.stringify(values) !== JSON.stringify(initial);

/**
 * Every form dialog closes through this: Escape, a click outside and its cancel button call
 * `requestClose`, which closes at once while the form is as it opened (`dirty` false) and otherwise
 * asks first. "Keep writing" has the focus, so a second Escape or Enter loses nothing, and then
 * gives it back to the control that had it before the question. Render `discardDialog` next to
 * the form dialog.
 *
 *   const { requestClose, discardDialog } = useDiscardGuard(formChanged(values, initial), onClose);
 *   <Dialog onClose={requestClose}>… <Button onClick={requestClose}>…</Dialog>{discardDialog}
 */
export function useDiscardGuard(
  dirty: boolean,
  onClose: () => void,
): { requestClose: () => void; discardDialog: ReactElement } {
  const [asking, setAsking] = useState(false);
  const lastControl = useLastFocusedControl();
  const returnTo = useRef<Element | null>(null);
  const keptWriting = useRef(false);
  const requestClose = useCallback(() => {
    if (!dirty) return onClose();
    returnTo.current = lastControl.current?.isConnected ? lastControl.current : document.activeElement;
    setAsking(true);
  }, [dirty, onClose, lastControl]);

  // MUI would give the focus back to what had it as the question opened: after a click outside,
  // the form dialog's container (role=presentation), which the click had focused. Once the
  // question is gone (this effect runs after its focus trap let go), the control gets it back.
  useEffect(() => {
    if (asking || !keptWriting.current) return;
    keptWriting.current = false;
    if (returnTo.current instanceof HTMLElement && returnTo.current.isConnected) returnTo.current.focus();
  }, [asking]);

  const discardDialog = (
    <DiscardChangesDialog
      open={asking}
      onKeep={() => {
        keptWriting.current = true;
        setAsking(false);
      }}
      onDiscard={() => {
        setAsking(false);
        onClose();
      }}
    />
  );
  return { requestClose, discardDialog };
}

/**
 * The element that last took the focus, leaving out a dialog's container (role=presentation): a
 * click beside a dialog's paper focuses that container, which is no place to come back to.
 */
function useLastFocusedControl() {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.getAttribute('role') !== 'presentation') {
        last.current = event.target;
      }
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  return last;
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
    <Dialog
      open={open}
      onClose={onKeep}
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={textId}
      // useDiscardGuard gives the focus back itself; "Bəli, at" closes the form dialog, which gives
      // it to what opened it.
      disableRestoreFocus
    >
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

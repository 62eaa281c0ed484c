import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';

/**
 * Whether a dialog has ever been open: from then on it stays mounted, so that closing it still
 * animates and gives the focus back. Before, the page renders nothing for it, and its code (MUI's
 * Modal, Dialog and what they bring, the `overlays` chunk) need not come with the page's first
 * download: on a phone at Lighthouse's 1.6 Mbit/s each 10 kB is about 50 ms more before the page
 * paints. The first opening waits for the chunk (one request, tens of milliseconds on a network).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

const ConfirmDialog = lazy(() => import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));

/** ConfirmDialog, whose code loads when it first opens (useOpenedOnce). */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}

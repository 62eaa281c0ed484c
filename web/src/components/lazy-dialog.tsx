import { type ComponentType, Suspense, useState } from 'react';
import { lazyWhenOnline } from '../lib/lazy-when-online';
import type { ConfirmDialogProps } from './confirm-dialog';

/**
 * Whether a dialog has ever been open: from then on it stays mounted, so that closing it still
 * animates and gives the focus back. Before, the page renders nothing for it, and its code (MUI's
 * Modal, Dialog and what they bring, the `overlays` chunk) need not come with the page's first
 * download: on a phone at Lighthouse's 1.6 Mbit/s each 10 kB is about 50 ms more before the page
 * paints. The first opening waits for the chunk (one request, tens of milliseconds on a network).
 */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * A dialog whose code loads when it first opens (useOpenedOnce): `load` imports it, `isOpen` says
 * from its props whether it is open.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazyWhenOnline(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const opened = useOpenedOnce(isOpen(props));
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

/** ConfirmDialog, whose code loads when it first opens. */
export const LazyConfirmDialog = lazyDialog<ConfirmDialogProps>(
  () => import('./confirm-dialog').then((module) => module.ConfirmDialog),
  (props) => props.open,
);

import { createElement } from 'react';
import type { ToastOptions } from 'react-toastify';

/**
 * The app's toasts: react-toastify's toast(), loaded with the first toast shown. Every member page
 * shows toasts, but none at its first paint; imported statically, react-toastify
 * rode in the chunk every member page downloads before it renders. A toast asked for while the
 * library loads is shown a moment later, and react-toastify itself queues toasts until its
 * container (app-providers.tsx) mounts.
 */
type Kind = 'success' | 'error' | 'info';

let library: Promise<typeof import('react-toastify')> | undefined;

/** react-toastify, imported once; app-providers.tsx takes ToastContainer from the same import. */
export function loadToastify(): Promise<typeof import('react-toastify')> {
  library ??= import('react-toastify').catch((error: unknown) => {
    library = undefined; // the chunk did not arrive (a network blip): the next toast asks again
    throw error;
  });
  return library;
}

/** The text, cut after three lines when longer (app/providers/app-toasts.tsx); the title holds it all. */
const clamped = (message: string) => createElement('span', { className: 'kd-toast-text', title: message }, message);

function show(kind: Kind, message: string, options?: ToastOptions): void {
  loadToastify().then(
    ({ toast: toastify }) => {
      toastify[kind](clamped(message), options);
    },
    (error: unknown) => console.error(`[toast] react-toastify did not load; not shown: ${message}`, error),
  );
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

import GlobalStyles from '@mui/material/GlobalStyles';
import { Suspense } from 'react';
import { azShell } from '../../i18n/az-shell';
import { lazyWhenOnline } from '../../lib/lazy-when-online';
import { loadToastify } from '../../lib/toast';

// react-toastify loads with the first toast or once the page is idle (lib/toast.ts).
const ToastContainer = lazyWhenOnline(async () => ({ default: (await loadToastify()).ToastContainer }));

/** The header's height (MUI's toolbar: 56 px, 48 px on a phone held sideways, 64 px from 600 px). */
const below = (header: number) => `calc(${header + 8}px + env(safe-area-inset-top))`;

/**
 * Toasts stay top-right (docs/product.md#toasts) but start below the header, whose icons they used to cover for
 * the seconds they are shown; a long text is cut after three lines (lib/toast.ts puts it in
 * `.kd-toast-text`, with the whole text as its title), which every toast the app writes fits on a
 * phone.
 */
const placement = {
  '.Toastify__toast-container.kd-toasts': {
    top: below(56),
    '@media (orientation: landscape)': { top: below(48) },
    '@media (min-width: 600px)': { top: below(64) },
  },
  '.kd-toasts .kd-toast-text': {
    flex: 1,
    minWidth: 0,
    overflow: 'hidden',
    overflowWrap: 'anywhere',
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 3,
  },
} as const;

/** docs/product.md#toasts: top-right, colored, 3000 ms. */
export function AppToasts() {
  return (
    <>
      <GlobalStyles styles={placement} />
      <Suspense fallback={null}>
        <ToastContainer
          position="top-right"
          theme="colored"
          autoClose={3000}
          newestOnTop
          className="kd-toasts"
          aria-label={azShell.toasts.label}
        />
      </Suspense>
    </>
  );
}

import { useCallback, useEffect, useState } from 'react';

/**
 * Keeps the keyboard focus on the page after a deletion confirmed in a dialog. Closing, the dialog
 * gives the focus back to the button that opened it; that button left with what it deleted, and
 * the focus fell to <body>: a keyboard or screen-reader user lost their place.
 *
 * Call the returned function once the deletion is done, in the same update that closes the dialog:
 * after that render, and each one after it, `resolve(pending)` names where the focus goes, or null
 * while the deleted thing is still shown (a list whose refetch is not rendered yet). The dialog
 * gives the focus back in an effect's cleanup, and React runs a render's cleanups before its
 * effects: this one has the last word.
 */
export function useFocusAfterDelete<T>(resolve: (pending: T) => HTMLElement | null | undefined): (pending: T) => void {
  const [pending, setPending] = useState<{ value: T; from: Element | null } | null>(null);
  useEffect(() => {
    if (!pending) return;
    const target = resolve(pending.value);
    if (!target) return;
    const active = document.activeElement;
    // Only a focus left nowhere is moved (<body>, or still the dialog's button): never one the
    // member has put somewhere since (a refetch that failed, then removed the thing later).
    if (!active || active === document.body || active === pending.from) target.focus();
    setPending(null);
  });
  return useCallback((value: T) => setPending({ value, from: document.activeElement }), []);
}

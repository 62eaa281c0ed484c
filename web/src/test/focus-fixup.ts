import { onTestFinished } from 'vitest';

/**
 * What Chromium does and happy-dom does not: a focused control that turns `disabled` loses the
 * focus to <body> (HTML's focus fixup), and does not get it back when enabled again. A test that
 * checks where the focus is after a pending state calls this first, for the rest of the test.
 */
export function dropFocusOfDisabledControls() {
  const observer = new MutationObserver(() => {
    const active = document.activeElement as HTMLButtonElement | null;
    if (!active?.disabled) return;
    // happy-dom's blur() ignores a disabled element.
    active.disabled = false;
    active.blur();
    active.disabled = true;
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  onTestFinished(() => observer.disconnect());
}

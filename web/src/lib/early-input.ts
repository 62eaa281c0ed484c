import { EARLY_CLICKS_GLOBAL } from '@kinodost/contracts/boot-script';
import { useEffect, useLayoutEffect } from 'react';

const nativeValue = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;

/**
 * Hands React what was typed into a prerendered page's fields before it took the page over.
 * Hydration keeps a field's text but not React's state, which still holds the value the build
 * rendered (the `value` attribute, `defaultValue`): a form would then send what was rendered, not
 * what is shown. For each such field, React is told of the value it rendered and the field gets
 * the typed text back behind its back (the element's own setter), so that an input event reaches
 * the field's onChange as if the text had just been typed. All texts are read first: React sets a
 * controlled field back to its state after each change event, and each change renders the form.
 */
export function replayEarlyTyping(root: ParentNode | null = document.getElementById('root')): void {
  if (!root) return;
  const typed = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    .filter((field) => field.type !== 'checkbox' && field.type !== 'radio' && field.value !== field.defaultValue)
    .map((field) => ({ field, text: field.value }));
  for (const { field, text } of typed) {
    field.value = field.defaultValue;
    nativeValue(field)?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Clicks again, in order, the buttons clicked on a prerendered page before React took it over
 * (index.html's boot script kept them, contracts/src/boot-script.ts), once. Hydration keeps the
 * page's nodes, so each is the very button now wired to its handler; one no longer in the page
 * (React had to render afresh) is skipped.
 */
export function replayEarlyClicks(): void {
  const scope = globalThis as { [EARLY_CLICKS_GLOBAL]?: HTMLElement[] };
  const clicks = scope[EARLY_CLICKS_GLOBAL] ?? [];
  delete scope[EARLY_CLICKS_GLOBAL];
  for (const button of clicks) if (button.isConnected) button.click();
}

/**
 * For a prerendered page's own component (web/src/prerender/visitor-pages.tsx): what a visitor did
 * before React took the page over, made again once it has. The typing as React commits the page,
 * before anything renders the form again: a render sets each controlled field to its state, which
 * would drop the text. The clicks in the task after the page's effects: by then every Suspense
 * boundary above the page, the header's included, is hydrated (an effect at the root would run
 * before, when a click reaches no handler yet), and the typing's changes are rendered, so a kept
 * submit click sends what was typed.
 */
export function useReplayEarlyInput(): void {
  useLayoutEffect(() => replayEarlyTyping(), []);
  useEffect(() => {
    const timer = setTimeout(replayEarlyClicks, 0);
    return () => clearTimeout(timer);
  }, []);
}

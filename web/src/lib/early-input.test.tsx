import { BOOT_SCRIPT, EARLY_CLICKS_GLOBAL } from '@kinodost/contracts/boot-script';
import { act, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyClicks, replayEarlyTyping, useReplayEarlyInput } from './early-input';

const scope = globalThis as unknown as Record<string, unknown>;

/** index.html's body as the server sends `/`: the prerendered landing page with two buttons. */
function prerenderedPage() {
  document.body.innerHTML = `<div id="root" data-prerendered="2026">
    <button type="button" aria-label="Menyunu aç"><svg><path d=""/></svg></button>
    <button type="button" aria-label="Qaranlıq rejimə keç"></button>
    <a href="/login">Daxil olun</a>
  </div>`;
  const root = document.getElementById('root') as HTMLElement;
  const [menu, theme] = [...root.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
  return { root, menu, theme, link: root.querySelector('a') as HTMLAnchorElement };
}

/** A click as a person makes it: one event that bubbles, cancelable. */
const click = (target: Element) =>
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));

afterEach(() => {
  delete scope[EARLY_CLICKS_GLOBAL];
  document.body.innerHTML = '';
});

describe('clicks before hydration', () => {
  it('the boot script keeps the buttons clicked on the prerendered page, in order, and only those', () => {
    new Function(BOOT_SCRIPT)();
    const { root, menu, theme, link } = prerenderedPage();
    // On the icon inside the button, as a finger lands.
    expect(click(menu.querySelector('path') as Element)).toBe(false);
    click(theme);
    // A link works without scripts: it is left to the browser.
    expect(click(link)).toBe(true);
    expect(scope[EARLY_CLICKS_GLOBAL]).toEqual([menu, theme]);

    // Once main.tsx hands the page to React, the browser and React have the clicks.
    delete root.dataset.prerendered;
    expect(click(theme)).toBe(true);
    expect(scope[EARLY_CLICKS_GLOBAL]).toEqual([menu, theme]);
  });

  it('clicks them again once, in order, skipping a button no longer in the page', () => {
    const { root, menu, theme } = prerenderedPage();
    // As when the landing page replays them: main.tsx took the mark off as it began hydrating.
    delete root.dataset.prerendered;
    const gone = document.createElement('button');
    const order: string[] = [];
    menu.addEventListener('click', () => order.push('menu'));
    theme.addEventListener('click', () => order.push('theme'));
    gone.addEventListener('click', () => order.push('gone'));
    scope[EARLY_CLICKS_GLOBAL] = [theme, gone, menu];

    replayEarlyClicks();
    replayEarlyClicks();
    expect(order).toEqual(['theme', 'menu']);
    expect(scope[EARLY_CLICKS_GLOBAL]).toBeUndefined();
  });

  it('useReplayEarlyInput makes them in the task after React has committed the component, and not again', () => {
    vi.useFakeTimers();
    const { root, theme } = prerenderedPage();
    delete root.dataset.prerendered;
    const onClick = vi.fn();
    theme.addEventListener('click', onClick);
    scope[EARLY_CLICKS_GLOBAL] = [theme];
    const { rerender } = renderHook(() => useReplayEarlyInput());
    expect(onClick).not.toHaveBeenCalled();
    act(() => vi.runAllTimers());
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender();
    act(() => vi.runAllTimers());
    expect(onClick).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

/** A controlled field as the sign-in form has one, its state shown beside it. */
function Field({ onSubmit }: { onSubmit: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <input aria-label="İstifadəçi adı" value={value} onChange={(event) => setValue(event.target.value)} />
      <output>{value}</output>
      <button type="submit">Daxil ol</button>
    </form>
  );
}

describe('typing before hydration', () => {
  /** Text the field shows that React's state never saw, as hydration leaves it. */
  const typeUnseen = (input: HTMLInputElement, text: string) =>
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);

  it("hands the typed text to the field's onChange, then makes the kept submit click with it", () => {
    const onSubmit = vi.fn();
    const root = document.body.appendChild(document.createElement('div'));
    root.id = 'root';
    render(<Field onSubmit={onSubmit} />, { container: root });
    const input = screen.getByRole('textbox', { name: 'İstifadəçi adı' }) as HTMLInputElement;
    typeUnseen(input, 'aysel');
    expect(screen.getByRole('status')).toHaveTextContent('');
    scope[EARLY_CLICKS_GLOBAL] = [screen.getByRole('button', { name: 'Daxil ol' })];

    act(() => replayEarlyTyping());
    expect(screen.getByRole('status')).toHaveTextContent('aysel');
    expect(input.value).toBe('aysel');
    act(replayEarlyClicks);
    expect(onSubmit).toHaveBeenCalledWith('aysel');
  });

  it('leaves alone a field whose text React already has', () => {
    const onChange = vi.fn();
    document.body.innerHTML = '<div id="root"><input value="" /></div>';
    const input = document.querySelector('input') as HTMLInputElement;
    input.addEventListener('input', onChange);
    replayEarlyTyping();
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('');
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast';
import { AppToasts } from './app-toasts';

describe('AppToasts (issue 26)', () => {
  it('shows toasts top-right, below the header, a long text cut after three lines with all of it as the title', async () => {
    await act(async () => {
      render(<AppToasts />);
    });
    const long = `"${'Çox uzun bir film adı '.repeat(8).trim()}" kolleksiyanıza əlavə edildi`;
    toast.success(long);
    const text = await screen.findByText(long);
    expect(text).toHaveClass('kd-toast-text');
    expect(text).toHaveAttribute('title', long);
    // SPEC.md: colored theme, closing after 3000 ms (the progress bar runs for that long).
    const shown = text.closest('.Toastify__toast') as HTMLElement;
    expect(shown).toHaveClass('Toastify__toast-theme--colored');
    expect((shown.querySelector('.Toastify__progress-bar') as HTMLElement).style.animationDuration).toBe('3000ms');
    const container = document.querySelector('.Toastify__toast-container') as HTMLElement;
    expect(container).toHaveClass('kd-toasts', 'Toastify__toast-container--top-right');
    // The placement sheet starts them 8 px below the header: 56 px on a phone, 64 px from 600 px on.
    const sheet = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(sheet).toContain('.Toastify__toast-container.kd-toasts{top:calc(64px + env(safe-area-inset-top));');
    expect(sheet).toMatch(/@media \(min-width: 600px\)\{\.Toastify__toast-container\.kd-toasts\{top:calc\(72px/);
    expect(sheet).toMatch(/\.kd-toasts \.kd-toast-text\{[^}]*-webkit-line-clamp:3;/);
    // The region is named in Azerbaijani for screen readers (react-toastify's default is English).
    expect(document.querySelector('section[aria-label]')).toHaveAttribute('aria-label', 'Qısa bildirişlər, Alt+T');
  });
});

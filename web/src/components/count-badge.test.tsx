import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountBadge } from './count-badge';

const button = (count: number) => (
  <button type="button" aria-label={count > 0 ? `Bildirişlər: ${count} yeni` : 'Bildirişlər'}>
    <CountBadge count={count} color="error">
      <svg aria-hidden="true" />
    </CountBadge>
  </button>
);

describe('CountBadge', () => {
  it('shows a positive count', () => {
    render(button(5));
    expect(screen.getByRole('button', { name: 'Bildirişlər: 5 yeni' })).toHaveTextContent('5');
  });

  it('leaves no text in the button at 0, also after counts came and went (WCAG 2.5.3)', () => {
    const { rerender } = render(button(0));
    rerender(button(0));
    expect(screen.getByRole('button', { name: 'Bildirişlər' })).toHaveTextContent(/^$/);
    rerender(button(3));
    rerender(button(0));
    rerender(button(0));
    expect(screen.getByRole('button', { name: 'Bildirişlər' })).toHaveTextContent(/^$/);
  });
});

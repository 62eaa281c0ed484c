import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusAvatar } from './status-avatar';

const dot = (container: HTMLElement) => container.querySelector('[data-online]');
const dotColour = (container: HTMLElement) =>
  getComputedStyle(container.querySelector('.MuiBadge-badge') as HTMLElement).backgroundColor;

describe('StatusAvatar (SPEC.md section 3)', () => {
  it("defaults: alt 'İstifadəçi avatarı', size 40, offline (red dot)", () => {
    const { container } = render(<StatusAvatar src="/uploads/a.webp" />);
    const img = screen.getByRole('img', { name: 'İstifadəçi avatarı' });
    expect(img).toHaveAttribute('src', '/uploads/a.webp');
    const avatar = container.querySelector('.MuiAvatar-root') as HTMLElement;
    expect(getComputedStyle(avatar).width).toBe('40px');
    expect(getComputedStyle(avatar).height).toBe('40px');
    expect(dot(container)).toHaveAttribute('data-online', 'false');
    expect(screen.getByText('Offlayn')).toBeInTheDocument();
    expect(dotColour(container)).toBe('#d32f2f'); // error.main: red
    expect(getComputedStyle(container.querySelector('.MuiBadge-badge') as HTMLElement).animation).toBe('');
  });

  it('online shows the green dot with its label', () => {
    const { container } = render(<StatusAvatar src="/a.webp" online />);
    expect(dot(container)).toHaveAttribute('data-online', 'true');
    expect(screen.getByText('Onlayn')).toBeInTheDocument();
    expect(dotColour(container)).toBe('#2e7d32'); // success.main: green
    expect(getComputedStyle(container.querySelector('.MuiBadge-badge') as HTMLElement).animation).toMatch(
      /2s infinite/,
    ); // pulsing
  });

  it('takes a custom alt and size', () => {
    const { container } = render(<StatusAvatar src="/a.webp" alt="Leylanın şəkli" size={72} />);
    expect(screen.getByRole('img', { name: 'Leylanın şəkli' })).toBeInTheDocument();
    expect(getComputedStyle(container.querySelector('.MuiAvatar-root') as HTMLElement).width).toBe('72px');
  });

  it('falls back to the first letter of the name without an image', () => {
    const { container } = render(<StatusAvatar name="əli" />);
    expect(container.querySelector('.MuiAvatar-root')).toHaveTextContent('Ə');
    expect(container.querySelector('img')).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusAvatar } from './status-avatar';

const dot = (container: HTMLElement) => container.querySelector('[data-online]');
const dotColour = (container: HTMLElement) =>
  getComputedStyle(container.querySelector('.MuiBadge-badge') as HTMLElement).backgroundColor;

/** Every CSS rule on the page, @media blocks opened. */
const allRules = (): CSSRule[] => {
  const open = (rules: CSSRuleList): CSSRule[] =>
    [...rules].flatMap((rule) => (rule instanceof CSSMediaRule ? open(rule.cssRules) : [rule]));
  return [...document.styleSheets].flatMap((sheet) => open(sheet.cssRules));
};
/** The style of the online pulse: the ::after of this avatar's dot (jsdom computes no pseudo-elements). */
const pulseOf = (container: HTMLElement) => {
  const root = [...(container.querySelector('.MuiBadge-root') as HTMLElement).classList].find((c) =>
    c.startsWith('css-'),
  );
  return allRules().find(
    (rule): rule is CSSStyleRule =>
      rule instanceof CSSStyleRule && rule.selectorText === `.${root} .MuiBadge-badge::after`,
  )?.style;
};

describe('StatusAvatar', () => {
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
    expect(pulseOf(container)).toBeUndefined();
  });

  it('online shows the green dot with its label', () => {
    const { container } = render(<StatusAvatar src="/a.webp" online />);
    expect(dot(container)).toHaveAttribute('data-online', 'true');
    expect(screen.getByText('Onlayn')).toBeInTheDocument();
    expect(dotColour(container)).toBe('#2e7d32'); // success.main: green
  });

  it('online pulses with a green copy of the dot that animates transform and opacity only (the compositor runs it)', () => {
    const { container } = render(<StatusAvatar src="/a.webp" online />);
    const pulse = pulseOf(container);
    expect(pulse?.backgroundColor).toBe('#2e7d32');
    expect(pulse?.animation).toMatch(/2s infinite/);
    const name = pulse?.animation.split(' ')[0];
    const frames = allRules().find(
      (rule): rule is CSSKeyframesRule => rule instanceof CSSKeyframesRule && rule.name === name,
    );
    // Property names of each keyframe ('0% { transform: scale(1); opacity: 0.7; }').
    const animated = [...(frames?.cssRules ?? [])].flatMap((frame) =>
      [...frame.cssText.matchAll(/([a-z-]+)\s*:/g)].map((m) => m[1]),
    );
    expect(new Set(animated)).toEqual(new Set(['transform', 'opacity']));
    // The dot itself does not move: Badge's own transform keeps it on the avatar's edge.
    expect(getComputedStyle(container.querySelector('.MuiBadge-badge') as HTMLElement).animation).toBe('');
  });

  it('null presence is a neutral grey dot with its own label, never the offline red', () => {
    const { container } = render(<StatusAvatar src="/a.webp" online={null} />);
    expect(dot(container)).toHaveAttribute('data-online', 'unknown');
    expect(screen.getByText('Vəziyyəti məlum deyil')).toBeInTheDocument();
    expect(screen.queryByText('Offlayn')).not.toBeInTheDocument();
    expect(dotColour(container)).toBe('#9e9e9e'); // grey.500
    expect(pulseOf(container)).toBeUndefined();
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

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

describe('Footer (SPEC.md section 1)', () => {
  it('has the copyright line with the current year and the company credit', () => {
    render(<Footer />);
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} KinoDost. Bütün hüquqlar qorunur.`)).toBeInTheDocument();
    expect(screen.getByText(/KinoDost komandası/)).toBeInTheDocument();
  });

  it('links to three social networks with accessible labels, in a new tab', () => {
    render(<Footer />);
    const nav = screen.getByRole('navigation', { name: 'KinoDost sosial şəbəkələrdə' });
    const links = [...nav.querySelectorAll('a')];
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link).toHaveAttribute('aria-label');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'KinoDost Instagram-da' })).toBeInTheDocument();
  });
});

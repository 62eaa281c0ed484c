import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-router';
import { jsonResponse, renderWithApp } from '../../test/render';
import { Footer } from './footer';

const site = (social: Record<'instagram' | 'facebook' | 'x', string | null>) =>
  stubFetch({ 'GET /api/site': () => jsonResponse({ social }) });

describe('Footer', () => {
  it('has the copyright line with the current year and the company credit', () => {
    site({ instagram: null, facebook: null, x: null });
    renderWithApp(<Footer />);
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} KinoDost. Bütün hüquqlar qorunur.`)).toBeInTheDocument();
    expect(screen.getByText(/KinoDost komandası/)).toBeInTheDocument();
  });

  it("links to the install's social accounts set on the server, with accessible labels, in a new tab", async () => {
    const api = site({
      instagram: 'https://www.instagram.com/bizimkino',
      facebook: 'https://www.facebook.com/bizimkino',
      x: 'https://x.com/bizimkino',
    });
    renderWithApp(<Footer />);
    const nav = await screen.findByRole('navigation', { name: 'KinoDost sosial şəbəkələrdə' });
    const links = [...nav.querySelectorAll('a')];
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'KinoDost Instagram-da' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/bizimkino',
    );
    expect(api.calls()).toEqual(['GET /api/site']);
  });

  it('leaves out the links left unset, and the whole list when none is set', async () => {
    site({ instagram: null, facebook: 'https://www.facebook.com/bizimkino', x: null });
    const { unmount } = renderWithApp(<Footer />);
    expect(await screen.findByRole('link', { name: 'KinoDost Facebook-da' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'KinoDost Instagram-da' })).not.toBeInTheDocument();
    unmount();

    const api = site({ instagram: null, facebook: null, x: null });
    renderWithApp(<Footer />);
    await waitFor(() => expect(api.calls()).toEqual(['GET /api/site']));
    expect(screen.queryByRole('navigation', { name: 'KinoDost sosial şəbəkələrdə' })).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderWithApp } from '../../test/render';
import { MainHeader } from './main-header';

const presence = vi.hoisted(() => ({ online: true }));
vi.mock('../../features/presence/hooks/use-self-online', () => ({ useSelfOnline: () => presence.online }));

const loggedOut = () => fakeAuth({ isLoggedIn: false, userId: null, username: null });

describe('MainHeader', () => {
  it("shows 'Daxil Ol' to a logged-out visitor on / and it leads to /login", async () => {
    renderWithApp(<MainHeader />, { route: '/', auth: loggedOut() });
    const link = screen.getByRole('link', { name: 'Daxil Ol' });
    expect(link).toHaveAttribute('href', '/login');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it.each(['/register', '/newsletters', '/user/abc'])("has no 'Daxil Ol' on %s", (route) => {
    renderWithApp(<MainHeader />, { route, auth: loggedOut() });
    expect(screen.queryByRole('link', { name: 'Daxil Ol' })).not.toBeInTheDocument();
  });

  it("has no 'Daxil Ol' for a logged-in member on /", () => {
    renderWithApp(<MainHeader />, { route: '/', auth: fakeAuth() });
    expect(screen.queryByRole('link', { name: 'Daxil Ol' })).not.toBeInTheDocument();
  });

  it("has no 'Daxil Ol' and no member icons while auth loads", () => {
    renderWithApp(<MainHeader />, { route: '/', auth: fakeAuth({ isLoggedIn: false, isLoadingAuth: true }) });
    expect(screen.queryByRole('link', { name: 'Daxil Ol' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hesab menyusu' })).not.toBeInTheDocument();
  });

  it('shows no member icons to a visitor', () => {
    renderWithApp(<MainHeader />, { route: '/', auth: loggedOut() });
    expect(screen.queryByRole('button', { name: 'Yeniliklər' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bildirişlər' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hesab menyusu' })).not.toBeInTheDocument();
  });

  it('the logo is the KinoDost wordmark linking to /', () => {
    renderWithApp(<MainHeader />, { route: '/login', auth: loggedOut() });
    const logo = screen.getByRole('link', { name: 'KinoDost — ana səhifə' });
    expect(logo).toHaveAttribute('href', '/');
    expect(logo).toHaveTextContent('KinoDost');
  });

  it.each([
    ['/login', 'light'],
    ['/register', 'light'],
    ['/reset-password/tok', 'light'],
    ['/', 'default'],
    ['/forgot-password', 'default'],
  ])('on %s the header style is %s', (route, variant) => {
    const { container } = renderWithApp(<MainHeader />, { route, auth: loggedOut() });
    expect(container.querySelector('header')).toHaveAttribute('data-variant', variant);
  });

  it("the avatar menu shows the username, 'İndi onlayn' and the member entries, no admin entry", async () => {
    presence.online = true;
    const auth = fakeAuth();
    renderWithApp(<MainHeader />, { route: '/dashboard', auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Hesab menyusu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('leyla')).toBeInTheDocument();
    expect(within(menu).getByText('İndi onlayn')).toBeInTheDocument();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Profilim', 'Dost siyahısı', 'Çıxış']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Profilim' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it("an admin also gets 'Admin Paneli' leading to /admin", async () => {
    renderWithApp(<MainHeader />, { route: '/dashboard', auth: fakeAuth({ isAdmin: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Hesab menyusu' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Profilim', 'Dost siyahısı', 'Admin Paneli', 'Çıxış']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Admin Paneli' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });

  it("shows 'Offlayn' when the socket is not connected", async () => {
    presence.online = false;
    renderWithApp(<MainHeader />, { route: '/dashboard', auth: fakeAuth() });
    await userEvent.click(await screen.findByRole('button', { name: 'Hesab menyusu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Offlayn')).toBeInTheDocument();
    expect(within(menu).queryByText('İndi onlayn')).not.toBeInTheDocument();
    presence.online = true;
  });

  it("'Çıxış' logs out", async () => {
    const auth = fakeAuth();
    renderWithApp(<MainHeader />, { route: '/dashboard', auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Hesab menyusu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Çıxış' }));
    expect(auth.logout).toHaveBeenCalledTimes(1);
  });

  it("the newsletters popup is titled 'Yeniliklər' with its empty text and a link to all", async () => {
    renderWithApp(<MainHeader />, { route: '/dashboard', auth: fakeAuth() });
    await userEvent.click(await screen.findByRole('button', { name: 'Yeniliklər' }));
    const popup = await screen.findByRole('dialog', { name: 'Yeniliklər' });
    expect(within(popup).getByText('Hal-hazırda yenilik yoxdur')).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'Bütün Yeniliklər' })).toHaveAttribute('href', '/newsletters');
  });

  it("the notifications popup is titled 'Bildirişlər' with its empty text and a link to /friends", async () => {
    renderWithApp(<MainHeader />, { route: '/dashboard', auth: fakeAuth() });
    await userEvent.click(await screen.findByRole('button', { name: 'Bildirişlər' }));
    const popup = await screen.findByRole('dialog', { name: 'Bildirişlər' });
    expect(within(popup).getByText('Heç bir yeni bildiriş yoxdur')).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'Bütün İstəkləri Göstər' })).toHaveAttribute('href', '/friends');
  });

  it('the sidebar drawer lists visitor entries when logged out', async () => {
    renderWithApp(<MainHeader />, { route: '/', auth: loggedOut() });
    await userEvent.click(screen.getByRole('button', { name: 'Menyunu aç' }));
    const nav = await screen.findByRole('navigation', { name: 'Əsas naviqasiya' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(labels).toEqual([
      ['KinoDost', '/'],
      ['Ana Səhifə', '/'],
      ['Daxil ol', '/login'],
      ['Qeydiyyat', '/register'],
    ]);
  });

  it('the sidebar drawer lists member entries and, for admins, the admin section', async () => {
    renderWithApp(<MainHeader />, { route: '/', auth: fakeAuth({ isAdmin: true }) });
    await userEvent.click(screen.getByRole('button', { name: 'Menyunu aç' }));
    const nav = await screen.findByRole('navigation', { name: 'Əsas naviqasiya' });
    const labels = within(nav)
      .getAllByRole('link')
      .slice(1)
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(labels).toEqual([
      ['Ana Səhifə', '/'],
      ['İdarə Paneli', '/dashboard'],
      ['Profil', '/profile'],
      ['Dost siyahısı', '/friends'],
      ['Admin Panel', '/admin'],
      ['İstifadəçilər', '/admin/users'],
      ['Şərhlər', '/admin/comments'],
    ]);
  });

  it('a member who is not an admin has no admin section in the drawer', async () => {
    renderWithApp(<MainHeader />, { route: '/', auth: fakeAuth() });
    await userEvent.click(screen.getByRole('button', { name: 'Menyunu aç' }));
    const nav = await screen.findByRole('navigation', { name: 'Əsas naviqasiya' });
    expect(within(nav).queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });
});

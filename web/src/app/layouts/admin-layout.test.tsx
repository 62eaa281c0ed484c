import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderWithApp } from '../../test/render';
import { ADMIN_DRAWER_WIDTH, AdminLayout, adminTitleFor } from './admin-layout';

const admin = (overrides = {}) => fakeAuth({ isAdmin: true, username: 'rəşad', ...overrides });

describe('AdminLayout', () => {
  it.each([
    ['/admin', 'Ümumi Panel'],
    ['/admin/', 'Ümumi Panel'],
    ['/admin/users', 'İstifadəçi İdarəetmə'],
    ['/admin/comments', 'Şərh İdarəetmə'],
    ['/admin/newsletters', 'Admin Paneli'],
    ['/admin/films', 'Admin Paneli'],
    ['/admin/anything', 'Admin Paneli'],
  ])('the title on %s is %s', (path, title) => {
    expect(adminTitleFor(path)).toBe(title);
    renderWithApp(<AdminLayout />, { route: path, auth: admin() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(new RegExp(`^${title}$`));
  });

  it("greets 'Xoş gəldin, {username}'", () => {
    renderWithApp(<AdminLayout />, { route: '/admin', auth: admin() });
    expect(screen.getByTestId('admin-greeting')).toHaveTextContent(/^Xoş gəldin, rəşad$/);
  });

  it("falls back to 'Admin' without a username", () => {
    renderWithApp(<AdminLayout />, { route: '/admin', auth: admin({ username: null }) });
    expect(screen.getByTestId('admin-greeting')).toHaveTextContent(/^Xoş gəldin, Admin$/);
  });

  it('the side list has the five admin entries', () => {
    renderWithApp(<AdminLayout />, { route: '/admin/users', auth: admin() });
    const nav = screen.getByRole('navigation', { name: 'Admin naviqasiyası' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['KinoDost', '/'],
      ['Ümumi', '/admin'],
      ['İstifadəçilər', '/admin/users'],
      ['Şərhlər', '/admin/comments'],
      ['Filmlər', '/admin/films'],
      ['Yeniliklər', '/admin/newsletters'],
      ['Sayta qayıt', '/'],
    ]);
    expect(within(nav).getByRole('link', { name: 'İstifadəçilər' })).toHaveAttribute('aria-current', 'page');
  });

  it('the first Tab reaches "Əsas məzmuna keç", which leads to the page itself', async () => {
    renderWithApp(<AdminLayout />, { route: '/admin/users', auth: admin() });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Əsas məzmuna keç' });
    expect(skip).toHaveFocus();
    const main = screen.getByRole('main');
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    expect(main).toHaveAttribute('tabindex', '-1');
  });

  it('the drawer is 240 wide', () => {
    expect(ADMIN_DRAWER_WIDTH).toBe(240);
    const { container } = renderWithApp(<AdminLayout />, { route: '/admin', auth: admin() });
    const paper = container.querySelector('.MuiDrawer-docked .MuiDrawer-paper') as HTMLElement;
    expect(getComputedStyle(paper).width).toBe('240px');
  });

  it("the account menu's 'Çıxış et' logs out", async () => {
    const auth = admin();
    renderWithApp(<AdminLayout />, { route: '/admin', auth });
    await userEvent.click(screen.getByRole('button', { name: 'Hesab menyusu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Çıxış et' }));
    expect(auth.logout).toHaveBeenCalledTimes(1);
  });

  it('has a theme toggle', () => {
    renderWithApp(<AdminLayout />, { route: '/admin', auth: admin() });
    expect(screen.getByRole('button', { name: 'Qaranlıq rejimə keç' })).toBeInTheDocument();
  });
});

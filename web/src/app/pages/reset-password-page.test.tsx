import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-router';
import { fakeAuth, jsonResponse, renderWithApp } from '../../test/render';
import { ResetPasswordPage } from './reset-password-page';

const invalidText = 'Şifrə yeniləmə keçidi etibarsızdır və ya müddəti bitib';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const openLink = (token: string) =>
  renderWithApp(<span />, {
    route: `/reset-password/${token}`,
    auth: fakeAuth({ isLoggedIn: false, userId: null, username: null }),
    routes: [{ path: '/reset-password/:token', element: <ResetPasswordPage /> }],
  });

describe('ResetPasswordPage', () => {
  it('a used or expired link says so as the page opens, with the way to a new link and no form', async () => {
    const api = stubFetch({
      'GET /api/auth/reset-password/used-token': () =>
        jsonResponse({ success: false, error: invalidText, code: 'NOT_FOUND' }, 404),
    });
    openLink('used-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(invalidText);
    expect(screen.getByRole('heading', { name: 'Bu keçid işləmir' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yeni keçid istə' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^Yeni şifrə/)).not.toBeInTheDocument();
    expect(api.calls()).toEqual(['GET /api/auth/reset-password/used-token']);
    // Checked without a token, as a visitor's call.
    expect(new Headers(api.fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBeNull();
  });

  it('a valid link shows the form', async () => {
    stubFetch({ 'GET /api/auth/reset-password/good-token': () => jsonResponse({ success: true, valid: true }) });
    openLink('good-token');
    expect(await screen.findByLabelText(/^Yeni şifrə\s*\*?$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Yeni şifrə təyin edin' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the check itself is refused (too many tries), the form is still offered', async () => {
    stubFetch({
      'GET /api/auth/reset-password/good-token': () =>
        jsonResponse({ success: false, error: 'Çox sayda cəhd', code: 'RATE_LIMITED' }, 429),
    });
    openLink('good-token');
    expect(await screen.findByLabelText(/^Yeni şifrə\s*\*?$/)).toBeInTheDocument();
  });
});

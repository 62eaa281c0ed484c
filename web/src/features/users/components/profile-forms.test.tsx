import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dropFocusOfDisabledControls } from '../../../test/focus-fixup';
import { fakeAuth, jsonResponse, renderWithApp, sampleProfile } from '../../../test/render';
import { checkAvatarFile } from './avatar-editor';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'old-token');
});
/** A fetch answered when the test says so, so that the pending state renders. */
function heldAnswer(response: Response) {
  let release = () => {};
  fetchMock.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(response))));
  return () => act(release);
}

const sent = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return { url, method: init.method, body: JSON.parse(String(init.body)) };
};

describe('ChangePasswordForm', () => {
  const fill = async (current: string, next: string, confirm: string) => {
    await userEvent.type(screen.getByLabelText(/^Cari şifrə/), current);
    await userEvent.type(screen.getByLabelText(/^Yeni şifrə\s*\*?$/), next);
    await userEvent.type(screen.getByLabelText(/^Yeni şifrənin təkrarı/), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Şifrəni dəyiş' }));
  };

  it('stores the token the server returns (older ones are revoked)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Dəyişdirildi', token: 'new-token' }));
    renderWithApp(<ChangePasswordForm />, { route: '/profile', auth: fakeAuth() });
    await fill('köhnə-şifrə', 'təzə-şifrə-99', 'təzə-şifrə-99');
    expect(await screen.findByText('Şifrəniz dəyişdirildi')).toBeInTheDocument();
    expect(sent()).toEqual({
      url: '/api/user/change-password',
      method: 'PUT',
      body: { currentPassword: 'köhnə-şifrə', newPassword: 'təzə-şifrə-99' },
    });
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('shows the server text for a wrong current password and keeps the token', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, error: 'Cari şifrə yanlışdır', code: 'BAD_REQUEST' }, 400),
    );
    renderWithApp(<ChangePasswordForm />, { route: '/profile', auth: fakeAuth() });
    await fill('səhv', 'təzə-şifrə-99', 'təzə-şifrə-99');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cari şifrə yanlışdır');
    expect(localStorage.getItem('token')).toBe('old-token');
  });

  it('checks the confirmation before sending', async () => {
    renderWithApp(<ChangePasswordForm />, { route: '/profile', auth: fakeAuth() });
    await fill('köhnə-şifrə', 'təzə-şifrə-99', 'başqa-şifrə-99');
    expect(screen.getByText('Şifrələr eyni deyil')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ProfileDetailsForm', () => {
  it('sends only the changed field and updates the auth state with the answer', async () => {
    const updated = { ...sampleProfile, email: 'yeni@example.az' };
    fetchMock.mockResolvedValue(jsonResponse(updated));
    const auth = fakeAuth({ profile: sampleProfile });
    renderWithApp(<ProfileDetailsForm />, { route: '/profile', auth });
    const email = screen.getByLabelText(/^E-poçt/);
    await userEvent.clear(email);
    await userEvent.type(email, 'yeni@example.az');
    await userEvent.type(screen.getByLabelText(/^Cari şifrə/), 'köhnə-parol-1');
    await userEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(sent()).toEqual({
      url: '/api/user/profile',
      method: 'PUT',
      body: { email: 'yeni@example.az', currentPassword: 'köhnə-parol-1' },
    });
    await waitFor(() => expect(auth.setProfile).toHaveBeenCalledWith(updated));
  });

  it('asks for the current password only once the email differs, and sends nothing without it', async () => {
    renderWithApp(<ProfileDetailsForm />, { route: '/profile', auth: fakeAuth({ profile: sampleProfile }) });
    expect(screen.queryByLabelText(/^Cari şifrə/)).not.toBeInTheDocument();
    const email = screen.getByLabelText(/^E-poçt/);
    // The same address in capitals is no change.
    await userEvent.clear(email);
    await userEvent.type(email, sampleProfile.email.toUpperCase());
    expect(screen.queryByLabelText(/^Cari şifrə/)).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'yeni@example.az');
    const password = screen.getByLabelText(/^Cari şifrə/);
    await userEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(password).toHaveAccessibleDescription('E-poçtu dəyişmək üçün cari şifrənizi daxil edin');
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('a wrong current password (400 on currentPassword) is shown under it, with the focus there', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          success: false,
          error: 'Cari şifrə yanlışdır',
          code: 'VALIDATION',
          fields: { currentPassword: 'Cari şifrə yanlışdır' },
        },
        400,
      ),
    );
    renderWithApp(<ProfileDetailsForm />, { route: '/profile', auth: fakeAuth({ profile: sampleProfile }) });
    const email = screen.getByLabelText(/^E-poçt/);
    await userEvent.clear(email);
    await userEvent.type(email, 'yeni@example.az');
    await userEvent.type(screen.getByLabelText(/^Cari şifrə/), 'yanlış');
    await userEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    const password = screen.getByLabelText(/^Cari şifrə/);
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription('Cari şifrə yanlışdır');
  });
});

describe('ProfileDetailsForm: the keyboard focus', () => {
  it('stays on "Yadda saxla" while saving and after', async () => {
    dropFocusOfDisabledControls();
    const updated = { ...sampleProfile, username: 'leyla_2' };
    const release = heldAnswer(jsonResponse(updated));
    const auth = fakeAuth({ profile: sampleProfile });
    renderWithApp(<ProfileDetailsForm />, { route: '/profile', auth });
    await userEvent.type(screen.getByLabelText(/^İstifadəçi adı/), '_2');
    const save = screen.getByRole('button', { name: 'Yadda saxla' });
    save.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Saxlanılır…' });
    await waitFor(() => expect(save).toHaveFocus());
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await release();
    await waitFor(() => expect(auth.setProfile).toHaveBeenCalledWith(updated));
    expect(screen.getByRole('button', { name: 'Yadda saxla' })).toHaveFocus();
  });

  it('goes to the username field when the server says the name is taken (409)', async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(
      jsonResponse(
        {
          success: false,
          error: 'Bu istifadəçi adı artıq istifadə olunur',
          code: 'CONFLICT',
          fields: { username: 'Bu istifadəçi adı artıq istifadə olunur' },
        },
        409,
      ),
    );
    renderWithApp(<ProfileDetailsForm />, { route: '/profile', auth: fakeAuth({ profile: sampleProfile }) });
    const username = screen.getByLabelText(/^İstifadəçi adı/);
    await userEvent.type(username, '_2');
    screen.getByRole('button', { name: 'Yadda saxla' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Saxlanılır…' });
    await release();
    expect(await screen.findByText('Bu istifadəçi adı artıq istifadə olunur')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
  });
});

describe('ProfileDetailsForm: visibility (docs/social.md "Privacy")', () => {
  it('offers three choices, each with its sentence, and the current one checked', () => {
    renderWithApp(<ProfileDetailsForm />, {
      route: '/profile',
      auth: fakeAuth({ profile: { ...sampleProfile, visibility: 'friends' } }),
    });
    const group = screen.getByRole('radiogroup', { name: 'Kolleksiyamı kimlər görə bilər' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['public', 'friends', 'private']);
    expect(screen.getByRole('radio', { name: /^Yalnız dostlar/ })).toBeChecked();
    expect(
      screen.getByText(
        'Filmlərinizi hər kəs, hətta daxil olmayan qonaqlar da görür; onlayn olduğunuzu isə yalnız üzvlər görür.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Filmlərinizi və onlayn olduğunuzu yalnız dostlarınız görür.')).toBeInTheDocument();
    expect(
      screen.getByText('Filmlərinizi heç kim görmür; onlayn olduğunuzu yalnız dostlarınız görür.'),
    ).toBeInTheDocument();
  });

  it('sends only the visibility when only it changed, and keeps the answer', async () => {
    const updated = { ...sampleProfile, visibility: 'private' };
    fetchMock.mockResolvedValue(jsonResponse(updated));
    const auth = fakeAuth({ profile: sampleProfile });
    renderWithApp(<ProfileDetailsForm />, { route: '/profile', auth });
    await userEvent.click(screen.getByRole('radio', { name: /^Yalnız mən/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(sent()).toEqual({ url: '/api/user/profile', method: 'PUT', body: { visibility: 'private' } });
    await waitFor(() => expect(auth.setProfile).toHaveBeenCalledWith(updated));
  });

  it("shows the server's field text for a refused visibility", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          success: false,
          error: 'Məlumatlar düzgün deyil',
          code: 'VALIDATION',
          fields: { visibility: 'Görünmə yalnız "public", "friends" və ya "private" ola bilər' },
        },
        400,
      ),
    );
    renderWithApp(<ProfileDetailsForm />, { route: '/profile', auth: fakeAuth({ profile: sampleProfile }) });
    await userEvent.click(screen.getByRole('radio', { name: /^Yalnız dostlar/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Görünmə yalnız "public", "friends" və ya "private" ola bilər',
    );
  });
});

describe('checkAvatarFile', () => {
  it('accepts JPEG, PNG, WebP and GIF up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(checkAvatarFile(new File(['x'], 'a', { type }))).toBeUndefined();
    }
  });

  it('refuses other types and files over 5 MB', () => {
    expect(checkAvatarFile(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }))).toBe(
      'Yalnız JPEG, PNG, WebP və ya GIF şəkli yükləmək olar',
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(checkAvatarFile(big)).toBe('Şəklin həcmi 5 MB-dan çox olmamalıdır');
  });
});

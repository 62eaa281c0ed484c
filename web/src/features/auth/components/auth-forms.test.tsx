import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dropFocusOfDisabledControls } from '../../../test/focus-fixup';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
/** The server's 400 for fields it refused, each with its text. */
const fieldRefusal = (fields: Record<string, string>) =>
  jsonResponse({ success: false, error: 'Məlumatlar düzgün deyil', code: 'VALIDATION', fields }, 400);

/** A fetch answered when the test says so, so that the pending state renders. */
function heldAnswer(response: Response) {
  let release = () => {};
  fetchMock.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(response))));
  return () => act(async () => release());
}

const visitor = () => fakeAuth({ isLoggedIn: false, userId: null, username: null });
const sentBody = (index = 0) => JSON.parse(String((fetchMock.mock.calls[index] as [string, RequestInit])[1].body));

describe('LoginForm', () => {
  it('signs in with the token the server returns', async () => {
    const auth = visitor();
    fetchMock.mockResolvedValue(jsonResponse({ token: 'new-token' }));
    renderWithApp(<LoginForm />, { route: '/login', auth });
    await userEvent.type(screen.getByLabelText(/İstifadəçi adı və ya e-poçt/), ' leyla ');
    await userEvent.type(screen.getByLabelText(/^Şifrə\s*\*?$/), 'gizli-şifrə');
    await userEvent.click(screen.getByRole('button', { name: 'Daxil ol' }));
    expect(auth.login).toHaveBeenCalledWith('new-token');
    expect(sentBody()).toEqual({ username: 'leyla', password: 'gizli-şifrə' });
  });

  it('shows the server text on a wrong password', async () => {
    const auth = visitor();
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, error: 'İstifadəçi adı və ya şifrə yanlışdır', code: 'UNAUTHORIZED' }, 401),
    );
    renderWithApp(<LoginForm />, { route: '/login', auth });
    await userEvent.type(screen.getByLabelText(/İstifadəçi adı və ya e-poçt/), 'leyla');
    await userEvent.type(screen.getByLabelText(/^Şifrə\s*\*?$/), 'səhv');
    await userEvent.click(screen.getByRole('button', { name: 'Daxil ol' }));
    expect(await screen.findByText('İstifadəçi adı və ya şifrə yanlışdır')).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('asks for both fields before sending anything', async () => {
    renderWithApp(<LoginForm />, { route: '/login', auth: visitor() });
    await userEvent.click(screen.getByRole('button', { name: 'Daxil ol' }));
    expect(screen.getByText('İstifadəçi adını və ya e-poçtu daxil edin')).toBeInTheDocument();
    expect(screen.getByText('Şifrəni daxil edin')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links to registration and password recovery', () => {
    renderWithApp(<LoginForm />, { route: '/login', auth: visitor() });
    expect(screen.getByRole('link', { name: 'Qeydiyyatdan keçin' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Şifrənizi unutmusunuz?' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('LoginForm: the keyboard focus', () => {
  const signIn = async (password: string) => {
    await userEvent.type(screen.getByLabelText(/İstifadəçi adı və ya e-poçt/), 'leyla');
    await userEvent.type(screen.getByLabelText(/^Şifrə\s*\*?$/), password);
    screen.getByRole('button', { name: 'Daxil ol' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Daxil olunur…' });
  };

  it('stays on "Daxil ol" through wrong credentials, and a second press sends nothing', async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(
      jsonResponse({ success: false, error: 'İstifadəçi adı və ya şifrə yanlışdır', code: 'UNAUTHORIZED' }, 401),
    );
    renderWithApp(<LoginForm />, { route: '/login', auth: visitor() });
    await signIn('səhv');
    await userEvent.keyboard('{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await release();
    expect(await screen.findByText('İstifadəçi adı və ya şifrə yanlışdır')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Daxil ol' })).toHaveFocus();
  });

  it("goes to the password field with the server's text for it", async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(fieldRefusal({ password: 'Şifrə 8 ilə 128 simvol arasında olmalıdır' }));
    renderWithApp(<LoginForm />, { route: '/login', auth: visitor() });
    await signIn('x');
    await release();
    expect(await screen.findByText('Şifrə 8 ilə 128 simvol arasında olmalıdır')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Şifrə\s*\*?$/)).toHaveFocus();
  });
});

describe('RegisterForm', () => {
  const fill = async (values: { username?: string; email?: string; password?: string; confirm?: string }) => {
    if (values.username) await userEvent.type(screen.getByLabelText(/^İstifadəçi adı/), values.username);
    if (values.email) await userEvent.type(screen.getByLabelText(/^E-poçt/), values.email);
    if (values.password) await userEvent.type(screen.getByLabelText(/^Şifrə\s*\*?$/), values.password);
    if (values.confirm) await userEvent.type(screen.getByLabelText(/^Şifrənin təkrarı/), values.confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Qeydiyyatdan keç' }));
  };

  it('checks the rules client-side and sends nothing while they fail', async () => {
    renderWithApp(<RegisterForm />, { route: '/register', auth: visitor() });
    await fill({ username: 'ab', email: 'not-an-email', password: 'short', confirm: 'other' });
    expect(screen.getByText('İstifadəçi adı 3 ilə 30 simvol arasında olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Düzgün e-poçt ünvanı daxil edin')).toBeInTheDocument();
    expect(screen.getByText('Şifrə 8 ilə 128 simvol arasında olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Şifrələr eyni deyil')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the repeated password when it is left empty, as for every other field', async () => {
    renderWithApp(<RegisterForm />, { route: '/register', auth: visitor() });
    await fill({});
    expect(screen.getByText('Şifrəni bir daha yazın')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects characters outside letters, digits, _ and .', async () => {
    renderWithApp(<RegisterForm />, { route: '/register', auth: visitor() });
    await fill({ username: 'ley la!', email: 'l@example.az', password: 'uzun-şifrə-1', confirm: 'uzun-şifrə-1' });
    expect(screen.getByText('İstifadəçi adında yalnız hərf, rəqəm, _ və . ola bilər')).toBeInTheDocument();
  });

  it('sends without the confirmation and signs the new user in', async () => {
    const auth = visitor();
    fetchMock.mockResolvedValue(jsonResponse({ token: 'tok' }, 201));
    renderWithApp(<RegisterForm />, { route: '/register', auth });
    await fill({ username: 'Şəhla_1', email: 'shahla@example.az', password: 'uzun-şifrə-1', confirm: 'uzun-şifrə-1' });
    expect(sentBody()).toEqual({ username: 'Şəhla_1', email: 'shahla@example.az', password: 'uzun-şifrə-1' });
    expect(auth.login).toHaveBeenCalledWith('tok');
  });

  it('shows server field errors under their inputs', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          success: false,
          error: 'Məlumatlar yanlışdır',
          code: 'VALIDATION',
          fields: { username: 'Bu istifadəçi adı artıq tutulub' },
        },
        409,
      ),
    );
    renderWithApp(<RegisterForm />, { route: '/register', auth: visitor() });
    await fill({ username: 'leyla', email: 'l@example.az', password: 'uzun-şifrə-1', confirm: 'uzun-şifrə-1' });
    expect(await screen.findByText('Bu istifadəçi adı artıq tutulub')).toBeInTheDocument();
    expect(screen.getByLabelText(/^İstifadəçi adı/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('RegisterForm: the keyboard focus', () => {
  const register = async () => {
    await userEvent.type(screen.getByLabelText(/^İstifadəçi adı/), 'leyla');
    await userEvent.type(screen.getByLabelText(/^E-poçt/), 'l@example.az');
    await userEvent.type(screen.getByLabelText(/^Şifrə\s*\*?$/), 'uzun-şifrə-1');
    await userEvent.type(screen.getByLabelText(/^Şifrənin təkrarı/), 'uzun-şifrə-1');
    screen.getByRole('button', { name: 'Qeydiyyatdan keç' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Hesab yaradılır…' });
  };

  it('goes to the username field with a 409 for a taken username', async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(
      jsonResponse(
        {
          success: false,
          error: 'Məlumatlar yanlışdır',
          code: 'VALIDATION',
          fields: { username: 'Bu istifadəçi adı artıq tutulub' },
        },
        409,
      ),
    );
    renderWithApp(<RegisterForm />, { route: '/register', auth: visitor() });
    await register();
    await release();
    expect(await screen.findByText('Bu istifadəçi adı artıq tutulub')).toBeInTheDocument();
    expect(screen.getByLabelText(/^İstifadəçi adı/)).toHaveFocus();
  });

  it('stays on "Qeydiyyatdan keç" through an error of the whole form', async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(
      jsonResponse({ success: false, error: 'Çox sayda cəhd. Bir az sonra yenidən yoxlayın', code: 'RATE_LIMIT' }, 429),
    );
    renderWithApp(<RegisterForm />, { route: '/register', auth: visitor() });
    await register();
    await release();
    expect(await screen.findByText('Çox sayda cəhd. Bir az sonra yenidən yoxlayın')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Qeydiyyatdan keç' })).toHaveFocus();
  });
});

describe('ForgotPasswordForm', () => {
  it('always shows the same neutral text after sending', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Göndərildi' }));
    renderWithApp(<ForgotPasswordForm />, { route: '/forgot-password', auth: visitor() });
    await userEvent.type(screen.getByLabelText(/^E-poçt/), 'kim@example.az');
    await userEvent.click(screen.getByRole('button', { name: 'Keçid göndər' }));
    expect(
      await screen.findByText(
        'Bu e-poçt ünvanı ilə hesab varsa, şifrəni yeniləmək üçün keçid göndərildi. Poçt qutunuzu (və spam qovluğunu) yoxlayın.',
      ),
    ).toBeInTheDocument();
    expect(sentBody()).toEqual({ email: 'kim@example.az' });
  });
});

describe('ForgotPasswordForm: the keyboard focus', () => {
  const send = async (email: string) => {
    await userEvent.type(screen.getByLabelText(/^E-poçt/), email);
    screen.getByRole('button', { name: 'Keçid göndər' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Göndərilir…' });
  };

  it('stays on "Keçid göndər" through an error of the whole form', async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(
      jsonResponse({ success: false, error: 'Çox sayda cəhd. Bir az sonra yenidən yoxlayın', code: 'RATE_LIMIT' }, 429),
    );
    renderWithApp(<ForgotPasswordForm />, { route: '/forgot-password', auth: visitor() });
    await send('kim@example.az');
    await release();
    expect(await screen.findByText('Çox sayda cəhd. Bir az sonra yenidən yoxlayın')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keçid göndər' })).toHaveFocus();
  });

  it("goes to the email field with the server's text for it", async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(fieldRefusal({ email: 'Düzgün e-poçt ünvanı daxil edin' }));
    renderWithApp(<ForgotPasswordForm />, { route: '/forgot-password', auth: visitor() });
    await send('kim@mailinator.com');
    await release();
    expect(await screen.findByText('Düzgün e-poçt ünvanı daxil edin')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-poçt/)).toHaveFocus();
  });

  it('goes to "Girişə qayıt" once sent (the form and its button are gone)', async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(jsonResponse({ success: true, message: 'Göndərildi' }));
    renderWithApp(<ForgotPasswordForm />, { route: '/forgot-password', auth: visitor() });
    await send('kim@example.az');
    await release();
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Girişə qayıt' })).toHaveFocus();
  });
});

describe('ResetPasswordForm', () => {
  it('sends the token and the new password, then offers the way to /login', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'ok' }));
    renderWithApp(<ResetPasswordForm token="tok123" />, { route: '/reset-password/tok123', auth: visitor() });
    await userEvent.type(screen.getByLabelText(/^Yeni şifrə\s*\*?$/), 'yeni-şifrə-12');
    await userEvent.type(screen.getByLabelText(/^Yeni şifrənin təkrarı/), 'yeni-şifrə-12');
    await userEvent.click(screen.getByRole('button', { name: 'Şifrəni yenilə' }));
    expect(
      await screen.findByText('Şifrəniz yeniləndi. İndi yeni şifrə ilə daxil ola bilərsiniz.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Daxil ol' })).toHaveAttribute('href', '/login');
    expect(sentBody()).toEqual({ token: 'tok123', newPassword: 'yeni-şifrə-12' });
  });

  it('shows the server text for a used or expired token', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, error: 'Keçid etibarsızdır və ya vaxtı bitib', code: 'BAD_REQUEST' }, 400),
    );
    renderWithApp(<ResetPasswordForm token="old" />, { route: '/reset-password/old', auth: visitor() });
    await userEvent.type(screen.getByLabelText(/^Yeni şifrə\s*\*?$/), 'yeni-şifrə-12');
    await userEvent.type(screen.getByLabelText(/^Yeni şifrənin təkrarı/), 'yeni-şifrə-12');
    await userEvent.click(screen.getByRole('button', { name: 'Şifrəni yenilə' }));
    expect(await screen.findByText('Keçid etibarsızdır və ya vaxtı bitib')).toBeInTheDocument();
    // The link is spent: the form gives way to the request for a new one.
    expect(screen.getByRole('link', { name: 'Yeni keçid istə' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^Yeni şifrə\s*\*?$/)).not.toBeInTheDocument();
    // The button that was pressed left with the form: the way on has the focus, not <body>.
    expect(screen.getByRole('link', { name: 'Yeni keçid istə' })).toHaveFocus();
  });
});

describe('ResetPasswordForm: the keyboard focus', () => {
  const reset = async () => {
    await userEvent.type(screen.getByLabelText(/^Yeni şifrə\s*\*?$/), 'yeni-şifrə-12');
    await userEvent.type(screen.getByLabelText(/^Yeni şifrənin təkrarı/), 'yeni-şifrə-12');
    screen.getByRole('button', { name: 'Şifrəni yenilə' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Yenilənir…' });
  };

  it('stays on "Şifrəni yenilə" through an error of the whole form', async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(
      jsonResponse({ success: false, error: 'Çox sayda cəhd. Bir az sonra yenidən yoxlayın', code: 'RATE_LIMIT' }, 429),
    );
    renderWithApp(<ResetPasswordForm token="tok123" />, { route: '/reset-password/tok123', auth: visitor() });
    await reset();
    await release();
    expect(await screen.findByText('Çox sayda cəhd. Bir az sonra yenidən yoxlayın')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Şifrəni yenilə' })).toHaveFocus();
  });

  it("goes to the new password field with the server's text for it", async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(fieldRefusal({ newPassword: 'Şifrə 8 ilə 128 simvol arasında olmalıdır' }));
    renderWithApp(<ResetPasswordForm token="tok123" />, { route: '/reset-password/tok123', auth: visitor() });
    await reset();
    await release();
    expect(await screen.findByText('Şifrə 8 ilə 128 simvol arasında olmalıdır')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Yeni şifrə\s*\*?$/)).toHaveFocus();
  });

  it('goes to "Daxil ol" once saved (the form and its button are gone)', async () => {
    dropFocusOfDisabledControls();
    const release = heldAnswer(jsonResponse({ success: true, message: 'ok' }));
    renderWithApp(<ResetPasswordForm token="tok123" />, { route: '/reset-password/tok123', auth: visitor() });
    await reset();
    await release();
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Daxil ol' })).toHaveFocus();
  });
});

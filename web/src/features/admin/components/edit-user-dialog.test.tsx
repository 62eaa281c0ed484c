import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { stubFetch } from '../../../test/fetch-router';
import { dropFocusOfDisabledControls } from '../../../test/focus-fixup';
import { fakeAuth, jsonResponse, renderWithApp, sampleProfile } from '../../../test/render';
import { EditUserDialog } from './edit-user-dialog';

const orxan = {
  ...sampleProfile,
  id: '11111111-2222-3333-4444-555555555555',
  username: 'orxan',
  email: 'orxan@example.az',
};
const taken = 'Bu e-poçt ünvanı artıq istifadə olunur';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'admin');
});

const renderDialog = () =>
  renderWithApp(<EditUserDialog user={orxan} onClose={() => {}} />, {
    route: '/admin/users',
    auth: fakeAuth({ isAdmin: true }),
  });

const changeEmail = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'İstifadəçini redaktə et' });
  const email = within(dialog).getByRole('textbox', { name: /^E-poçt/ });
  await userEvent.clear(email);
  await userEvent.type(email, 'leyla@example.az');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yadda saxla' }));
  return { dialog, email };
};

describe('EditUserDialog', () => {
  it("shows a field's 409 only under its input: no toast saying it again", async () => {
    const toastError = vi.spyOn(toast, 'error');
    stubFetch({
      [`PUT /api/user/${orxan.id}`]: () =>
        jsonResponse({ success: false, error: taken, code: 'CONFLICT', fields: { email: taken } }, 409),
    });
    renderDialog();
    const { email } = await changeEmail();
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(taken);
    expect(screen.getAllByText(taken)).toHaveLength(1);
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an error that belongs to no field once, in the dialog: no toast saying it again', async () => {
    const toastError = vi.spyOn(toast, 'error');
    stubFetch({
      [`PUT /api/user/${orxan.id}`]: () =>
        jsonResponse({ success: false, error: 'İstifadəçi tapılmadı', code: 'NOT_FOUND' }, 404),
    });
    renderDialog();
    const { dialog } = await changeEmail();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('İstifadəçi tapılmadı');
    expect(screen.getAllByText('İstifadəçi tapılmadı')).toHaveLength(1);
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('EditUserDialog: the keyboard focus', () => {
  /** Serves the PUT when the test says so, so that the saving state renders. */
  const holdPut = () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({
      [`PUT /api/user/${orxan.id}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    return (response: Response) => act(async () => answer(response));
  };
  const saveByKeyboard = async () => {
    const dialog = await screen.findByRole('dialog', { name: 'İstifadəçini redaktə et' });
    const email = within(dialog).getByRole('textbox', { name: /^E-poçt/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'leyla@example.az');
    within(dialog).getByRole('button', { name: 'Yadda saxla' }).focus();
    await userEvent.keyboard('{Enter}');
    const saving = await within(dialog).findByRole('button', { name: 'Saxlanılır…' });
    return { dialog, email, saving };
  };

  it('stays on "Yadda saxla" while saving and through an error of no field; a press meanwhile sends nothing', async () => {
    dropFocusOfDisabledControls();
    const release = holdPut();
    renderDialog();
    const { dialog, saving } = await saveByKeyboard();
    expect(saving).toHaveFocus();
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await release(jsonResponse({ success: false, error: 'İstifadəçi tapılmadı', code: 'NOT_FOUND' }, 404));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('İstifadəçi tapılmadı');
    expect(within(dialog).getByRole('button', { name: 'Yadda saxla' })).toHaveFocus();
    expect(vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
  });

  it("goes to the email field with the server's 409 for it", async () => {
    dropFocusOfDisabledControls();
    const release = holdPut();
    renderDialog();
    const { email } = await saveByKeyboard();
    await release(jsonResponse({ success: false, error: taken, code: 'CONFLICT', fields: { email: taken } }, 409));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(email).toHaveFocus();
  });
});

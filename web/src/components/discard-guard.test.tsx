import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EditUserDialog } from '../features/admin/components/edit-user-dialog';
import { MovieFormDialog } from '../features/movies/components/movie-form-dialog';
import { NewsletterEditorDialog } from '../features/newsletters/components/newsletter-editor-dialog';
import { stubFetch } from '../test/fetch-router';
import { paged } from '../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp, sampleProfile } from '../test/render';
import { formChanged, useDiscardGuard } from './discard-guard';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'member-token');
  stubFetch({
    'GET /api/films/search': () => jsonResponse(paged([], 1, 8)),
    'GET /api/films/tmdb/search': () => jsonResponse({ success: false, error: 'yox', code: 'NOT_FOUND' }, 404),
  });
});

const askText = 'Yazdıqlarınız atılsın?';
const pressEscape = (element: HTMLElement) => fireEvent.keyDown(element, { key: 'Escape' });
/** MUI closes on a click whose target is the backdrop itself. */
const clickOutside = () => {
  const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
  fireEvent.mouseDown(backdrop);
  fireEvent.click(backdrop);
};

describe('form dialogs ask before throwing typed input away', () => {
  it('the add-movie dialog: Escape with a typed search asks; "Yazmağa davam et" keeps it, "Bəli, at" closes', async () => {
    const onClose = vi.fn();
    renderWithApp(<MovieFormDialog open onClose={onClose} />, { route: '/dashboard', auth: fakeAuth() });
    const dialog = screen.getByRole('dialog', { name: 'Film əlavə et' });
    const search = within(dialog).getByRole('searchbox', { name: 'Kataloqda axtar' });
    await userEvent.click(search);
    await userEvent.paste('Nargin');

    pressEscape(search);
    const ask = await screen.findByRole('dialog', { name: askText });
    expect(ask).toHaveTextContent('Formda yadda saxlanmamış dəyişikliklər var. Bağlasanız, onlar itəcək.');
    expect(within(ask).getByRole('button', { name: 'Yazmağa davam et' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(ask).getByRole('button', { name: 'Yazmağa davam et' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: askText })).not.toBeInTheDocument());
    expect(search).toHaveValue('Nargin');
    expect(onClose).not.toHaveBeenCalled();

    clickOutside();
    const again = await screen.findByRole('dialog', { name: askText });
    await userEvent.click(within(again).getByRole('button', { name: 'Bəli, at' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the add-movie dialog closes at once while nothing was typed', async () => {
    const onClose = vi.fn();
    renderWithApp(<MovieFormDialog open onClose={onClose} />, { route: '/dashboard', auth: fakeAuth() });
    pressEscape(screen.getByRole('dialog', { name: 'Film əlavə et' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: askText })).not.toBeInTheDocument();
  });

  it("the admin's edit-user dialog: cancel after a change asks, cancel without one closes", async () => {
    const onClose = vi.fn();
    renderWithApp(<EditUserDialog user={sampleProfile} onClose={onClose} />, {
      route: '/admin/users',
      auth: fakeAuth({ isAdmin: true }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'İstifadəçini redaktə et' });
    const cancel = within(dialog).getByRole('button', { name: 'Ləğv et' });
    await userEvent.click(cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: askText })).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'İstifadəçi adı' }), 'x');
    await userEvent.click(cancel);
    expect(await screen.findByRole('dialog', { name: askText })).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the newsletter editor: Escape after typing a title asks first', async () => {
    const onClose = vi.fn();
    renderWithApp(<NewsletterEditorDialog open onClose={onClose} />, {
      route: '/admin/newsletters',
      auth: fakeAuth({ isAdmin: true }),
    });
    const dialog = screen.getByRole('dialog', { name: 'Yeni yenilik' });
    const title = within(dialog).getByRole('textbox', { name: /Başlıq/ });
    await userEvent.type(title, 'Yay');
    pressEscape(title);
    const ask = await screen.findByRole('dialog', { name: askText });
    await userEvent.click(within(ask).getByRole('button', { name: 'Bəli, at' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

/** A form dialog as the app's are built: the guard's question rendered inside it. */
function FormDialog({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('');
  const { requestClose, discardDialog } = useDiscardGuard(formChanged(title, ''), onClose);
  return (
    <Dialog open onClose={requestClose} aria-label="Redaktə">
      <DialogContent>
        <input aria-label="Başlıq" value={title} onChange={(event) => setTitle(event.target.value)} />
        <Button onClick={requestClose}>Ləğv et</Button>
      </DialogContent>
      {discardDialog}
    </Dialog>
  );
}

describe('"Yazmağa davam et" gives the focus back to where it was', () => {
  const keepWriting = async (how: 'Escape' | 'button') => {
    const ask = await screen.findByRole('dialog', { name: askText });
    const keep = within(ask).getByRole('button', { name: 'Yazmağa davam et' });
    await waitFor(() => expect(keep).toHaveFocus());
    if (how === 'Escape') pressEscape(keep);
    else await userEvent.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: askText })).not.toBeInTheDocument());
  };

  it('after a click outside the form dialog (which focuses its container): to the field, not the container', async () => {
    renderWithApp(<FormDialog onClose={vi.fn()} />, { route: '/', auth: fakeAuth() });
    const field = screen.getByRole('textbox', { name: 'Başlıq' });
    await userEvent.type(field, 'Yay');
    // As in Chromium: the press lands on the dialog's container (role=presentation, tabindex -1),
    // which takes the focus, and MUI reads the click as one outside the paper.
    const container = document.querySelector('.MuiDialog-container') as HTMLElement;
    await userEvent.click(container);
    await keepWriting('Escape');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Yay');
  });

  it('after Escape in the field, and after "Ləğv et": back to that field or button', async () => {
    renderWithApp(<FormDialog onClose={vi.fn()} />, { route: '/', auth: fakeAuth() });
    const field = screen.getByRole('textbox', { name: 'Başlıq' });
    await userEvent.type(field, 'Yay');
    pressEscape(field);
    await keepWriting('Escape');
    expect(field).toHaveFocus();

    const cancel = screen.getByRole('button', { name: 'Ləğv et' });
    cancel.focus();
    await userEvent.keyboard('{Enter}');
    await keepWriting('button');
    expect(cancel).toHaveFocus();
  });
});

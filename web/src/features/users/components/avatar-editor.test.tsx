import type { UserProfile } from '@kinodost/contracts/schemas/users';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toast';
import { dropFocusOfDisabledControls } from '../../../test/focus-fixup';
import { fakeAuth, jsonResponse, renderWithApp, sampleProfile } from '../../../test/render';
import { uploadAvatar } from '../api/upload-avatar';
import { hasImageSignature } from '../image-signature';
import { AvatarEditor } from './avatar-editor';

vi.mock('../api/upload-avatar', async (original) => ({
  ...(await original<typeof import('../api/upload-avatar')>()),
  uploadAvatar: vi.fn(),
}));

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'token');
  vi.mocked(uploadAvatar).mockReset();
});

/** A promise the test settles when it says so, so that the pending state renders first. */
function held<T>() {
  let settle: { resolve: (value: T) => void; reject: (error: unknown) => void } | undefined;
  const promise = new Promise<T>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return {
    promise,
    resolve: (value: T) => act(async () => settle?.resolve(value)),
    reject: (error: unknown) => act(async () => settle?.reject(error)),
  };
}

/** The editor under the real auth behaviour: setProfile changes the avatar it shows. */
function EditorWithProfile({ initial }: { initial: UserProfile }) {
  const [profile, setProfile] = useState(initial);
  const auth = fakeAuth({ profile, avatar: profile.avatar_url, setProfile });
  return (
    <AuthContext.Provider value={auth}>
      <AvatarEditor />
    </AuthContext.Provider>
  );
}

const withAvatar = { ...sampleProfile, avatar_url: '/uploads/avatars/leyla.png' };
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const pngFile = (name = 'me.png') => new File([new Uint8Array(PNG)], name, { type: 'image/png' });
const unsupported = 'Yalnız JPEG, PNG, WebP və ya GIF şəkilləri qəbul edilir';
const refusal = { success: false, error: unsupported, code: 'UNSUPPORTED_MEDIA_TYPE' };

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Şəkil seç', { selector: 'input' }), { target: { files: [file] } });
const picker = () => screen.getByRole('button', { name: 'Şəkil seç' });

describe('AvatarEditor: the keyboard focus', () => {
  it('stays on "Yüklə" through a refused upload, and goes to the picker once an upload is done', async () => {
    dropFocusOfDisabledControls();
    renderWithApp(<EditorWithProfile initial={sampleProfile} />, { route: '/profile' });
    choose(pngFile());
    const upload = await screen.findByRole('button', { name: 'Yüklə' });
    const refused = held<UserProfile>();
    vi.mocked(uploadAvatar).mockReturnValueOnce(refused.promise);
    upload.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Yüklənir: 0%');
    await waitFor(() => expect(upload).toHaveFocus());
    expect(upload).toHaveAttribute('aria-disabled', 'true');
    await refused.reject(refusal);
    expect(await screen.findByRole('alert')).toHaveTextContent(unsupported);
    expect(upload).toHaveFocus();

    const accepted = held<UserProfile>();
    vi.mocked(uploadAvatar).mockReturnValueOnce(accepted.promise);
    await userEvent.keyboard('{Enter}');
    await accepted.resolve(withAvatar);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Yüklə' })).not.toBeInTheDocument());
    expect(picker()).toHaveFocus();
  });

  it('"Şəkli sil" gives the focus to the picker, as it goes with the picture', async () => {
    dropFocusOfDisabledControls();
    const removed = held<Response>();
    fetchMock.mockReturnValueOnce(removed.promise);
    renderWithApp(<EditorWithProfile initial={withAvatar} />, { route: '/profile' });
    const remove = screen.getByRole('button', { name: 'Şəkli sil' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await removed.resolve(jsonResponse(sampleProfile));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Şəkli sil' })).not.toBeInTheDocument());
    expect(picker()).toHaveFocus();
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('"Ləğv et" gives the focus to the picker too', async () => {
    renderWithApp(<EditorWithProfile initial={sampleProfile} />, { route: '/profile' });
    choose(pngFile());
    const cancel = await screen.findByRole('button', { name: 'Ləğv et' });
    cancel.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Ləğv et' })).not.toBeInTheDocument();
    expect(picker()).toHaveFocus();
  });
});

describe('AvatarEditor: errors', () => {
  it('shows a refused upload once, under the picker, and not as a toast too', async () => {
    const toastError = vi.spyOn(toast, 'error');
    renderWithApp(<EditorWithProfile initial={sampleProfile} />, { route: '/profile' });
    choose(pngFile());
    vi.mocked(uploadAvatar).mockRejectedValueOnce(refusal);
    await userEvent.click(await screen.findByRole('button', { name: 'Yüklə' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(unsupported);
    expect(screen.getAllByText(unsupported)).toHaveLength(1);
    expect(toastError).not.toHaveBeenCalled();
    expect(picker()).toHaveAccessibleDescription(`JPEG, PNG, WebP və ya GIF, ən çox 5 MB ${unsupported}`);
  });

  it('refuses a file named .png that is not an image, with the server text, before any preview', async () => {
    renderWithApp(<EditorWithProfile initial={sampleProfile} />, { route: '/profile' });
    choose(new File(['hello, this is text'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(unsupported);
    expect(screen.queryByRole('button', { name: 'Yüklə' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Seçilmiş şəklin önizləməsi' })).not.toBeInTheDocument();
    expect(uploadAvatar).not.toHaveBeenCalled();

    choose(pngFile());
    expect(await screen.findByRole('button', { name: 'Yüklə' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('hasImageSignature', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    new Blob(parts.map((p) => (typeof p === 'string' ? p : new Uint8Array(p))));

  it('knows JPEG, PNG, GIF and WebP by their first bytes', async () => {
    expect(await hasImageSignature(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(await hasImageSignature(bytes(PNG))).toBe(true);
    expect(await hasImageSignature(bytes('GIF87a'))).toBe(true);
    expect(await hasImageSignature(bytes('GIF89a'))).toBe(true);
    expect(await hasImageSignature(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe(true);
  });

  it('refuses anything else, look-alikes included', async () => {
    expect(await hasImageSignature(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(false);
    expect(await hasImageSignature(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBe(false);
    expect(await hasImageSignature(bytes('GIF88a'))).toBe(false);
    expect(await hasImageSignature(bytes([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(await hasImageSignature(bytes([]))).toBe(false);
  });
});

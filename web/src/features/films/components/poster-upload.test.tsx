import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FilmPage } from '../../../app/pages/film-page';
import { ApiError } from '../../../lib/api-client';
import { stubFetch } from '../../../test/fetch-router';
import { makeFilm, makeFilmPage } from '../../../test/film-fixtures';
import { dropFocusOfDisabledControls } from '../../../test/focus-fixup';
import { paged } from '../../../test/movie-fixtures';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import { uploadPoster } from '../api/upload-poster';

vi.mock('../api/upload-poster', () => ({ uploadPoster: vi.fn() }));
const upload = vi.mocked(uploadPoster);

const film = makeFilm({ title: 'Bizim həyət', year: 2024, poster_url: null });
const NEW_POSTER = '/uploads/posters/0b7c2f6e-1a2b-4c3d-8e9f-0a1b2c3d4e5f.webp';

beforeEach(() => {
  upload.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'maker-token');
});

const renderFilm = (canUpload: boolean) => {
  stubFetch({
    [`GET /api/films/${film.id}`]: () =>
      jsonResponse(makeFilmPage(film, { mine: null, friends: [], can_upload_poster: canUpload })),
    [`GET /api/films/${film.id}/comments`]: () => jsonResponse(paged([])),
  });
  return renderWithApp(<span />, {
    route: `/film/${film.id}`,
    auth: fakeAuth(),
    routes: [{ path: '/film/:filmId', element: <FilmPage /> }],
  });
};
const choose = (file: File) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};
const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'poster.png', { type: 'image/png' });

describe('the film page’s poster upload', () => {
  it('is offered only to those who may upload (the maker of a member film, an admin)', async () => {
    renderFilm(false);
    await screen.findByRole('heading', { level: 1, name: 'Bizim həyət (2024)' });
    expect(screen.queryByText('Poster yüklə')).not.toBeInTheDocument();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('uploads a chosen image with its progress and shows the new poster at once', async () => {
    let finish: (value: Awaited<ReturnType<typeof uploadPoster>>) => void = () => {};
    upload.mockImplementation((_id, _file, onProgress) => {
      onProgress?.(40);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    renderFilm(true);
    expect(await screen.findByText('Poster yüklə')).toBeInTheDocument();
    expect(screen.getByTestId('poster-placeholder')).toBeInTheDocument();
    const file = png();
    choose(file);
    await waitFor(() => expect(upload).toHaveBeenCalledWith(film.id, file, expect.any(Function)));
    expect(await screen.findByRole('progressbar', { name: 'Yüklənir: 40%' })).toBeInTheDocument();
    finish({ ...film, poster_url: NEW_POSTER });
    expect(await screen.findByText('Poster yeniləndi')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '"Bizim həyət" filminin posteri' })).toHaveAttribute('src', NEW_POSTER);
    expect(screen.getByText('Posteri dəyiş')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: /Yüklənir/ })).not.toBeInTheDocument();
  });

  it('refuses a file of another type or over 5 MB before sending it', async () => {
    renderFilm(true);
    await screen.findByText('Poster yüklə');
    choose(new File(['%PDF'], 'poster.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Yalnız JPEG, PNG, WebP və ya GIF şəkli yükləmək olar')).toBeInTheDocument();
    choose(png(5 * 1024 * 1024 + 1));
    expect(await screen.findByText('Şəklin həcmi 5 MB-dan çox olmamalıdır')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the old poster", async () => {
    upload.mockRejectedValue(new ApiError('Şəkil faylı oxuna bilmədi', 400));
    renderFilm(true);
    await screen.findByText('Poster yüklə');
    choose(png());
    // In the upload's own alert (and the toast).
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').filter((a) => a.textContent === 'Şəkil faylı oxuna bilmədi'),
      ).not.toHaveLength(0),
    );
    expect(screen.getByTestId('poster-placeholder')).toBeInTheDocument();
  });

  it('keeps the focus on its button through the upload, which a press meanwhile does not reopen', async () => {
    dropFocusOfDisabledControls();
    let finish: (value: Awaited<ReturnType<typeof uploadPoster>>) => void = () => {};
    upload.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    renderFilm(true);
    const button = await screen.findByRole('button', { name: 'Poster yüklə' });
    button.focus();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click');
    choose(png());
    await screen.findByRole('progressbar', { name: 'Yüklənir: 0%' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    expect(opened).not.toHaveBeenCalled();
    finish({ ...film, poster_url: NEW_POSTER });
    expect(await screen.findByText('Poster yeniləndi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Posteri dəyiş' })).toHaveFocus();
  });
});

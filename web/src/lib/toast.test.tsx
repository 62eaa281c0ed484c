import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadToastify, toast } from './toast';

async function mountContainer() {
  const { ToastContainer } = await loadToastify();
  render(<ToastContainer autoClose={false} />);
}

describe('toast', () => {
  it('shows each kind of toast asked for before react-toastify or its container has loaded', async () => {
    toast.success('Film əlavə edildi');
    toast.error('Film silinə bilmədi');
    toast.info('aysel sizə dostluq istəyi göndərib');
    await act(mountContainer);
    expect(await screen.findByText('Film əlavə edildi')).toBeInTheDocument();
    expect(await screen.findByText('Film silinə bilmədi')).toBeInTheDocument();
    expect(await screen.findByText('aysel sizə dostluq istəyi göndərib')).toBeInTheDocument();
  });

  it('passes the options on: one toastId, one toast however often it is asked for', async () => {
    await act(mountContainer);
    for (let i = 0; i < 3; i++) toast.error('Bu əməliyyatı icra etmək üçün daxil olmaq lazımdır', { toastId: 'login' });
    expect(await screen.findByText('Bu əməliyyatı icra etmək üçün daxil olmaq lazımdır')).toBeInTheDocument();
    await act(() => loadToastify());
    expect(screen.getAllByText('Bu əməliyyatı icra etmək üçün daxil olmaq lazımdır')).toHaveLength(1);
  });

  it('a library that fails to load is reported and asked for again by the next toast', async () => {
    vi.resetModules();
    vi.doMock('react-toastify', () => {
      throw new Error('chunk failed');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fresh = await import('./toast');
    fresh.toast.error('Film silinə bilmədi');
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith(
        '[toast] react-toastify did not load; not shown: Film silinə bilmədi',
        expect.anything(),
      ),
    );
    vi.doUnmock('react-toastify');
    await expect(fresh.loadToastify()).resolves.toHaveProperty('ToastContainer');
    errors.mockRestore();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, jsonResponse, renderWithApp } from '../../../test/render';
import type { Newsletter } from '../api/newsletter-types';
import { sampleNewsletter } from '../testing/sample-newsletters';
import { AdminNewsletters } from './admin-newsletters';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let rows: Newsletter[];
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('token', 'admin-token');
  rows = [sampleNewsletter(2, { is_important: true, content: '**Köhnə** mətn' }), sampleNewsletter(1)];
});

/** A small fake of the admin API that keeps its rows, so refetches after a change see it. */
const serve = (overrides: Record<string, (init: RequestInit) => Response> = {}) =>
  fetchMock.mockImplementation(async (input, init = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const key = `${method} ${url.split('?')[0]}`;
    const override = overrides[key];
    if (override) return override(init);
    if (key === 'GET /api/newsletters/admin/all') {
      return jsonResponse({ success: true, data: rows, page: 1, limit: 10, total: rows.length });
    }
    if (key === 'POST /api/newsletters/admin/create') {
      const body = JSON.parse(String(init.body));
      const created = sampleNewsletter(9, { ...body, is_important: body.is_important ?? false });
      rows = [created, ...rows];
      return jsonResponse(created, 201);
    }
    const id = url.split('/').pop() as string;
    if (method === 'PUT') {
      rows = rows.map((r) => (r.id === id ? { ...r, ...JSON.parse(String(init.body)) } : r));
      return jsonResponse(rows.find((r) => r.id === id));
    }
    if (method === 'DELETE') {
      rows = rows.filter((r) => r.id !== id);
      return jsonResponse({ success: true, message: 'Yenilik silindi' });
    }
    return jsonResponse({ success: false, error: 'Tapılmadı', code: 'NOT_FOUND' }, 404);
  });

const admin = () => fakeAuth({ isAdmin: true });
const bodyOf = (method: string) => {
  const found = fetchMock.mock.calls.find(([, init]) => init?.method === method) as [string, RequestInit] | undefined;
  return found && { url: String(found[0]), body: found[1].body ? JSON.parse(String(found[1].body)) : undefined };
};

describe('/admin/newsletters', () => {
  it('lists every newsletter, newest first, with dates and the important mark', async () => {
    serve();
    renderWithApp(<AdminNewsletters />, { route: '/admin/newsletters', auth: admin() });
    const table = await screen.findByRole('table', { name: 'Yeniliklər cədvəli' });
    await within(table).findByText('Yenilik 2');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Yenilik 2', 'Yenilik 1']);
    expect(within(bodyRows[0] as HTMLElement).getByText('Vacib')).toBeInTheDocument();
    expect(within(bodyRows[0] as HTMLElement).getAllByText('12.03.2025').length).toBeGreaterThan(0);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/newsletters/admin/all?page=1&limit=10');
  });

  it('creates one with a live Markdown preview, posting title, content and is_important', async () => {
    serve();
    renderWithApp(<AdminNewsletters />, { route: '/admin/newsletters', auth: admin() });
    await screen.findByText('Yenilik 2');
    await userEvent.click(screen.getByRole('button', { name: 'Yenilik yaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni yenilik' });
    const preview = within(dialog).getByRole('region', { name: 'Önizləmə' });
    expect(within(preview).getByText('Önizləmə burada görünəcək')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Başlıq' }), 'Yay yenilikləri');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Mətn (Markdown)' }));
    await userEvent.paste('## Yeni\n\n**qalın** söz');
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Yeni' })).toBeInTheDocument());
    expect(preview.querySelector('strong')).toHaveTextContent('qalın');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Vacib yenilik' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dərc et' }));

    expect(await screen.findByText('Yenilik dərc edildi')).toBeInTheDocument();
    expect(bodyOf('POST')).toEqual({
      url: '/api/newsletters/admin/create',
      body: { title: 'Yay yenilikləri', content: '## Yeni\n\n**qalın** söz', is_important: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Yay yenilikləri')).toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    serve();
    renderWithApp(<AdminNewsletters />, { route: '/admin/newsletters', auth: admin() });
    await screen.findByText('Yenilik 2');
    await userEvent.click(screen.getByRole('button', { name: 'Yenilik yaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni yenilik' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Başlıq' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dərc et' }));
    expect(within(dialog).getByText('Başlığı daxil edin')).toBeInTheDocument();
    expect(within(dialog).getByText('Mətni daxil edin')).toBeInTheDocument();
    expect(bodyOf('POST')).toBeUndefined();
  });

  it("shows the server's refusal inside the dialog", async () => {
    serve({
      'POST /api/newsletters/admin/create': () =>
        jsonResponse({ success: false, error: 'Məlumatlar düzgün deyil', code: 'VALIDATION' }, 400),
    });
    renderWithApp(<AdminNewsletters />, { route: '/admin/newsletters', auth: admin() });
    await screen.findByText('Yenilik 2');
    await userEvent.click(screen.getByRole('button', { name: 'Yenilik yaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni yenilik' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Başlıq' }), 'Başlıq');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Mətn (Markdown)' }), 'Mətn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dərc et' }));
    expect(await within(dialog).findByText('Məlumatlar düzgün deyil')).toBeInTheDocument();
  });

  it('edits one, sending only what changed', async () => {
    serve();
    renderWithApp(<AdminNewsletters />, { route: '/admin/newsletters', auth: admin() });
    await userEvent.click(await screen.findByRole('button', { name: '"Yenilik 2" yeniliyini redaktə et' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeniliyi redaktə et' });
    const title = within(dialog).getByRole('textbox', { name: 'Başlıq' });
    expect(title).toHaveValue('Yenilik 2');
    expect(within(dialog).getByRole('textbox', { name: 'Mətn (Markdown)' })).toHaveValue('**Köhnə** mətn');
    expect(within(dialog).getByRole('switch', { name: 'Vacib yenilik' })).toBeChecked();
    await userEvent.clear(title);
    await userEvent.type(title, 'Düzəldilmiş başlıq');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Vacib yenilik' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Yenilik yeniləndi')).toBeInTheDocument();
    expect(bodyOf('PUT')).toEqual({
      url: `/api/newsletters/admin/${rows[0]?.id}`,
      body: { title: 'Düzəldilmiş başlıq', is_important: false },
    });
    expect(await screen.findByText('Düzəldilmiş başlıq')).toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    serve();
    renderWithApp(<AdminNewsletters />, { route: '/admin/newsletters', auth: admin() });
    const id = rows[1]?.id as string;
    await userEvent.click(await screen.findByRole('button', { name: '"Yenilik 1" yeniliyini sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yenilik silinsin?' });
    expect(within(dialog).getByText(/"Yenilik 1" yeniliyi/)).toBeInTheDocument();
    expect(bodyOf('DELETE')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ləğv et' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf('DELETE')).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: '"Yenilik 1" yeniliyini sil' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Yenilik silinsin?' })).getByRole('button', {
        name: 'Bəli, sil',
      }),
    );
    expect(await screen.findByText('Yenilik silindi')).toBeInTheDocument();
    expect(bodyOf('DELETE')?.url).toBe(`/api/newsletters/admin/${id}`);
    await waitFor(() => expect(screen.queryByRole('link', { name: /Yenilik 1/ })).not.toBeInTheDocument());
  });
});

describe('/admin/newsletters: the keyboard focus after a delete', () => {
  const confirmDelete = async (title: string) => {
    await userEvent.click(await screen.findByRole('button', { name: `"${title}" yeniliyini sil` }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Yenilik silinsin?' })).getByRole('button', {
        name: 'Bəli, sil',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: title })).not.toBeInTheDocument());
  };

  it("moves to the next row's title, the previous row's when the last goes, the create button when none is left", async () => {
    rows = [sampleNewsletter(3), ...rows];
    serve();
    renderWithApp(<AdminNewsletters />, { route: '/admin/newsletters', auth: admin() });
    await confirmDelete('Yenilik 3');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Yenilik 2' })).toHaveFocus());
    await confirmDelete('Yenilik 1');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Yenilik 2' })).toHaveFocus());
    await confirmDelete('Yenilik 2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yenilik yaz' })).toHaveFocus());
  });

  it('leaves the focus on the delete button when the delete is cancelled', async () => {
    serve();
    renderWithApp(<AdminNewsletters />, { route: '/admin/newsletters', auth: admin() });
    const button = await screen.findByRole('button', { name: '"Yenilik 1" yeniliyini sil' });
    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Yenilik silinsin?' })).getByRole('button', { name: 'Ləğv et' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});

import { describe, expect, it } from 'vitest';
import { KIT_CANDIDATES, kitChunk } from './chunk-groups';

const src = (path: string) => `/app/web/src/${path}`;
const lib = (path: string) => `/app/node_modules/${path}`;

/** A module graph as the bundler hands it to the name function: id → its static imports. */
function graph(imports: Record<string, string[]>) {
  const importers = (id: string) => Object.keys(imports).filter((from) => imports[from]?.includes(id));
  return { getModuleInfo: (id: string) => ({ importers: importers(id), importedIds: imports[id] ?? [] }) };
}

describe('the kit chunk', () => {
  const helper = src('lib/format-date.ts');
  const card = src('features/movies/components/movie-card.tsx');
  const dialog = src('components/confirm-dialog.tsx');
  const icon = lib('@mui/icons-material/Clear.mjs');

  it('takes the app’s small shared modules and icons, with the libraries every page loads', () => {
    const modules = graph({
      [card]: [helper, icon, lib('@mui/material/Card/Card.mjs'), lib('@tanstack/react-query/build/modern/index.js')],
      [icon]: [lib('@mui/material/utils/createSvgIcon.mjs'), lib('react/jsx-runtime.js'), lib('prop-types/index.js')],
    });
    const name = kitChunk();
    expect([card, helper, icon].map((id) => name(id, modules))).toEqual(['kit', 'kit', 'kit']);
    expect([card, icon].every((id) => KIT_CANDIDATES.test(id))).toBe(true);
    expect(KIT_CANDIDATES.test(lib('@mui/material/Card/Card.mjs'))).toBe(false);
  });

  it('leaves out what reaches MUI’s overlays, the member chunk or another library, however deep', () => {
    const list = src('features/movies/components/movie-collection-view.tsx');
    const modules = graph({
      [list]: [card],
      [card]: [dialog],
      [dialog]: [lib('@mui/material/Dialog/Dialog.mjs')],
      [src('components/status-avatar.tsx')]: [src('features/presence/hooks/use-presence.ts')],
      [src('features/newsletters/components/newsletter-markdown.tsx')]: [lib('react-markdown/index.js')],
      [src('components/password-field.tsx')]: [lib('@mui/material/TextField/index.mjs')],
    });
    const name = kitChunk();
    expect(name(list, modules)).toBeNull();
    expect(name(card, modules)).toBeNull();
    expect(name(src('components/status-avatar.tsx'), modules)).toBeNull();
    expect(name(src('features/newsletters/components/newsletter-markdown.tsx'), modules)).toBeNull();
    expect(name(src('components/password-field.tsx'), modules)).toBeNull();
    // Classes modules are not overlays: OutlinedInput reads Select's.
    expect(
      name(
        src('features/movies/components/my-search.tsx'),
        graph({ [src('features/movies/components/my-search.tsx')]: [lib('@mui/material/Select/selectClasses.mjs')] }),
      ),
    ).toBe('kit');
  });

  it('answers rightly around an import cycle, whichever module it is asked about first', () => {
    const a = src('lib/a.ts');
    const b = src('lib/b.ts');
    const modules = graph({ [a]: [b, lib('@mui/material/Menu/Menu.mjs')], [b]: [a] });
    for (const order of [
      [a, b],
      [b, a],
    ]) {
      const name = kitChunk();
      expect(order.map((id) => name(id, modules))).toEqual([null, null]);
    }
  });

  it('leaves out what the landing page imports, so its first download stays its own', () => {
    const shared = lib('@mui/icons-material/LocalMovies.mjs');
    const modules = graph({ [src('app/pages/landing-page.tsx')]: [shared], [card]: [shared] });
    expect(kitChunk()(shared, modules)).toBeNull();
  });
});

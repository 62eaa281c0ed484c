import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { az } from '../../../i18n/az';
import { lazyWhenOnline } from '../../../lib/lazy-when-online';

const t = az.messages;

// The dialog (MUI's Dialog, lists, checkboxes and a text field) loads when first opened: the film
// page paints without it.
const RecommendDialog = lazyWhenOnline(() =>
  import('./recommend-film-dialog').then((module) => ({ default: module.RecommendDialog })),
);

/** The film page's "Dosta tövsiyə et": pick friends, add a note if you like, send each a message with the film. */
export function RecommendFilmButton({ film }: { film: { id: string; title: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<SendIcon />} onClick={() => setOpen(true)} sx={{ mt: 2 }}>
        {t.recommend}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RecommendDialog film={film} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

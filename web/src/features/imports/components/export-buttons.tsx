import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { az } from '../../../i18n/az';
import { errorMessage } from '../../../lib/api-client';
import { downloadExport } from '../api/imports';

const t = az.profile.export;

/** The two exports as downloads. */
export function ExportButtons() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (path: '/export/letterboxd.csv' | '/export/kinodost.json') => {
    setBusy(path);
    setError(null);
    try {
      await downloadExport(path);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">{t.intro}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={busy !== null} onClick={() => void download('/export/letterboxd.csv')}>
          {t.letterboxd}
        </Button>
        <Button variant="outlined" disabled={busy !== null} onClick={() => void download('/export/kinodost.json')}>
          {t.json}
        </Button>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
    </Box>
  );
}

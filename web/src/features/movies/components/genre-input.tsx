import { catalogueGenre, GENRES } from '@kinodost/contracts/genres';
import { GENRE_MAX, GENRES_MAX } from '@kinodost/contracts/limits';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useId, useState } from 'react';
import { az } from '../../../i18n/az';

const t = az.movies.form;

/**
 * Genres as chips: type and press Enter (or a comma) to add, Backspace on an empty input removes
 * the last one; suggestions that are not chosen yet are one click away, and the browser completes
 * from the catalogue's list. A name the list does not know is refused here as on the server
 * (docs/catalogue.md "Genres"); duplicates are ignored without regard to case.
 */
export function GenreInput({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (genres: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const helpId = useId();
  const full = value.length >= GENRES_MAX;

  const add = (raw: string) => {
    const genre = raw.trim().replace(/\s+/g, ' ');
    if (!genre) return;
    if (genre.length > GENRE_MAX) return setLocalError(t.validation.genreTooLong);
    if (full) return setLocalError(t.validation.tooManyGenres);
    // The catalogue's own name for it (`dram` is Dram, `Western` Vestern); the server refuses others.
    const known = catalogueGenre(genre);
    if (!known) return setLocalError(t.validation.unknownGenre);
    setLocalError(undefined);
    setDraft('');
    if (value.includes(known)) return;
    onChange([...value, known]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const suggestions = t.genreSuggestions.filter(
    (s) => !value.some((g) => g.toLocaleLowerCase('az') === s.toLocaleLowerCase('az')),
  );
  const shownError = localError ?? error;

  return (
    <Box>
      <TextField
        label={t.genres}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value.replace(',', ''));
          setLocalError(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && add(draft)}
        error={Boolean(shownError)}
        helperText={shownError ?? t.genresHelp}
        disabled={full && draft === ''}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: GENRE_MAX + 1, 'aria-describedby': `${helpId}-chips`, list: `${helpId}-genres` },
        }}
      />
      {/* The browser's own completion from the catalogue's list, as the member types. */}
      <datalist id={`${helpId}-genres`}>
        {GENRES.map((genre) => (
          <option key={genre} value={genre} />
        ))}
      </datalist>
      <Box id={`${helpId}-chips`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: value.length ? 1 : 0 }}>
        {value.map((genre) => (
          <Chip key={genre} label={genre} color="primary" onDelete={() => onChange(value.filter((g) => g !== genre))} />
        ))}
      </Box>
      {!full && suggestions.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
          {suggestions.map((genre) => (
            <Chip
              key={genre}
              label={genre}
              size="small"
              variant="outlined"
              icon={<AddIcon />}
              onClick={() => add(genre)}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

import type { ButtonProps } from '@mui/material/Button';
import { type ChangeEvent, useRef } from 'react';
import { BusyButton } from './busy-button';

interface ImagePickButtonProps extends Omit<ButtonProps, 'onClick' | 'onChange' | 'children'> {
  /** The button's text, and the hidden input's name. */
  label: string;
  /** The file types offered (the input's `accept`). */
  accept: string;
  inputId: string;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Unavailable for now (an upload under way): BusyButton, so the focus stays on it. */
  busy?: boolean;
}

/**
 * A button that opens a hidden file input for one image (an avatar, a poster). A real button: a
 * label styled as one carried role="button", which a label may not have (axe, Lighthouse).
 */
export function ImagePickButton({ label, accept, inputId, onChoose, busy = false, ...button }: ImagePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <BusyButton variant="outlined" {...button} busy={busy} onClick={() => input.current?.click()}>
        {label}
      </BusyButton>
      <input ref={input} id={inputId} hidden type="file" accept={accept} aria-label={label} onChange={onChoose} />
    </>
  );
}

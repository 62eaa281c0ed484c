import Button, { type ButtonProps, buttonClasses } from '@mui/material/Button';
import { type ChangeEvent, useRef } from 'react';

interface ImagePickButtonProps extends Omit<ButtonProps, 'onClick' | 'onChange' | 'children'> {
  /** The button's text, and the hidden input's name. */
  label: string;
  /** The file types offered (the input's `accept`). */
  accept: string;
  inputId: string;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  /**
   * Unavailable for now (an upload under way), yet not `disabled`: a disabled button loses the
   * keyboard focus to <body> and does not get it back. Shown and announced as unavailable, and a
   * click opens nothing.
   */
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
      <Button
        variant="outlined"
        {...button}
        aria-disabled={busy || undefined}
        className={busy ? [button.className, buttonClasses.disabled].filter(Boolean).join(' ') : button.className}
        onClick={() => {
          if (!busy) input.current?.click();
        }}
      >
        {label}
      </Button>
      <input ref={input} id={inputId} hidden type="file" accept={accept} aria-label={label} onChange={onChoose} />
    </>
  );
}

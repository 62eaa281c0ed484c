import Button, { type ButtonProps, buttonClasses } from '@mui/material/Button';

/**
 * A button unavailable while its work runs, yet never `disabled`: Chromium moves the focus of a
 * control that becomes disabled to <body> and does not give it back, so a keyboard or screen-reader
 * user would start again at the top of the page. While `busy` it looks disabled, says so
 * (`aria-disabled`) and swallows presses (a submit button's click, Enter in a field included).
 */
export function BusyButton({ busy, className, onClick, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      {...props}
      aria-disabled={busy}
      className={busy ? [className, buttonClasses.disabled].filter(Boolean).join(' ') : className}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}

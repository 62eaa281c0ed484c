import type { SxProps, Theme } from '@mui/material';
import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

export type TextInputProps = Pick<
  OutlinedInputProps,
  | 'name'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'onFocus'
  | 'onKeyDown'
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'placeholder'
  | 'multiline'
  | 'minRows'
  | 'maxRows'
  | 'inputProps'
  | 'inputRef'
  | 'startAdornment'
  | 'endAdornment'
  | 'size'
> & {
  label: ReactNode;
  id?: string;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** Passed to the helper text (an `aria-live`, its alignment). */
  helperTextProps?: Partial<FormHelperTextProps> & { 'aria-live'?: 'polite' | 'assertive' | 'off' };
};

/**
 * Whether the browser sizes a textarea to its text by itself (CSS `field-sizing`: Chromium 123,
 * Safari 26.2). MUI's autosizing textarea measures a hidden copy of itself with getComputedStyle
 * and scrollHeight when it mounts, a forced layout in React's commit (the film page's comment
 * field: docs/benchmarks.md "Lighthouse on a phone"). Other browsers keep MUI's.
 */
const textareaGrowsByItself = () =>
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * A multiline field's rows: a plain textarea that CSS grows from `minRows` to `maxRows` lines where
 * the browser can, else MUI's autosizing one.
 */
function rowProps({ multiline, minRows, maxRows }: Pick<TextInputProps, 'multiline' | 'minRows' | 'maxRows'>) {
  if (!multiline || !textareaGrowsByItself()) return { minRows, maxRows };
  return {
    inputComponent: 'textarea' as const,
    rows: Number(minRows ?? 1),
    sx: {
      '& textarea': {
        fieldSizing: 'content',
        minHeight: `${minRows ?? 1}lh`,
        ...(maxRows ? { maxHeight: `${maxRows}lh`, overflowY: 'auto' } : {}),
      },
    },
  };
}

/**
 * An outlined text field: MUI's TextField without its `select` mode, whose Select, Menu, Popover
 * and Modal code would otherwise come with every form (the `overlays` chunk, 17 kB brotli on
 * /login). The same parts and DOM as TextField: the label names the input (htmlFor), the helper or
 * error text describes it (aria-describedby), and `error`/`required` reach both through FormControl.
 */
export function TextInput({
  label,
  id: idOverride,
  helperText,
  error = false,
  required = false,
  disabled = false,
  fullWidth = false,
  sx,
  helperTextProps,
  multiline,
  minRows,
  maxRows,
  ...input
}: TextInputProps) {
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    <FormControl error={error} required={required} disabled={disabled} fullWidth={fullWidth} sx={sx}>
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...input}
        {...rowProps({ multiline, minRows, maxRows })}
        multiline={multiline}
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
      />
      {helperText && (
        <FormHelperText {...helperTextProps} id={helperTextId}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}

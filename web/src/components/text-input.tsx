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
      <OutlinedInput {...input} id={id} label={label} fullWidth={fullWidth} aria-describedby={helperTextId} />
      {helperText && (
        <FormHelperText {...helperTextProps} id={helperTextId}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}

import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { az } from '../i18n/az';
import { TextInput, type TextInputProps } from './text-input';

/** A password input with a show/hide button (labelled for screen readers). */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  const label = visible ? az.common.hidePassword : az.common.showPassword;
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={label} onClick={() => setVisible((v) => !v)} edge="end" size="small">
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

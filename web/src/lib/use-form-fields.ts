import { useState } from 'react';

/**
 * The text fields of a form: their values, their error texts (local checks or the server's
 * `fields`), and `bind(name)` giving a TextField its value, change handler and error state.
 * Typing in a field clears that field's error.
 */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const bind = (name: F, helperText?: string) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      // Read now: by the time React runs the updater, it may have set a controlled field back.
      const { value } = event.target;
      setValues((old) => ({ ...old, [name]: value }));
      setErrors((old) => ({ ...old, [name]: undefined }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name] ?? helperText,
  });
  return { values, setValues, errors, setErrors, bind };
}

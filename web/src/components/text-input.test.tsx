import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextInput } from './text-input';

function Comment() {
  const [text, setText] = useState('');
  return (
    <TextInput
      label="Şərhiniz"
      helperText={`${text.length}/500`}
      value={text}
      onChange={(event) => setText(event.target.value)}
      multiline
      minRows={3}
      maxRows={10}
    />
  );
}

/** Every textarea in the page, the hidden measuring copy of MUI's autosizing one included. */
const textareas = () => document.querySelectorAll('textarea');

describe('TextInput', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a labelled field described by its helper text', async () => {
    render(<Comment />);
    const field = screen.getByRole('textbox', { name: 'Şərhiniz' });
    await userEvent.type(field, 'Salam');
    expect(field).toHaveValue('Salam');
    expect(field).toHaveAccessibleDescription('5/500');
  });

  it('where CSS grows a textarea (field-sizing), one plain textarea of at least minRows lines', () => {
    vi.stubGlobal('CSS', {
      supports: (property: string, value: string) => property === 'field-sizing' && value === 'content',
    });
    render(<Comment />);
    expect(textareas()).toHaveLength(1);
    const field = screen.getByRole('textbox', { name: 'Şərhiniz' });
    expect(field).toHaveAttribute('rows', '3');
    expect(getComputedStyle(field).minHeight).toBe('3lh');
    expect(getComputedStyle(field).maxHeight).toBe('10lh');
  });

  it('elsewhere, MUI’s autosizing textarea with its hidden measuring copy', () => {
    vi.stubGlobal('CSS', { supports: () => false });
    render(<Comment />);
    expect(textareas()).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Şərhiniz' })).not.toHaveAttribute('rows');
  });
});

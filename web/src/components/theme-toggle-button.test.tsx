import { useTheme } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderWithApp } from '../test/render';
import { ThemeToggleButton } from './theme-toggle-button';

function ThemeProbe() {
  const theme = useTheme();
  return <output data-testid="theme">{`${theme.palette.mode} ${theme.palette.background.default}`}</output>;
}

const renderToggle = () =>
  renderWithApp(
    <>
      <ThemeToggleButton />
      <ThemeProbe />
    </>,
    { auth: fakeAuth() },
  );

describe('theme toggle', () => {
  it('starts light on #f5f5f5 when nothing is stored', () => {
    renderToggle();
    expect(screen.getByTestId('theme')).toHaveTextContent('light #f5f5f5');
    expect(screen.getByRole('button', { name: 'Qaranlıq rejimə keç' })).toBeInTheDocument();
  });

  it("persists the choice under 'darkMode' as 'true' and 'false'", async () => {
    renderToggle();
    await userEvent.click(screen.getByRole('button', { name: 'Qaranlıq rejimə keç' }));
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(screen.getByTestId('theme')).toHaveTextContent('dark #121212');
    await userEvent.click(screen.getByRole('button', { name: 'İşıqlı rejimə keç' }));
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(screen.getByTestId('theme')).toHaveTextContent('light #f5f5f5');
  });

  it('starts dark when darkMode is stored as "true"', () => {
    localStorage.setItem('darkMode', 'true');
    renderToggle();
    expect(screen.getByTestId('theme')).toHaveTextContent('dark #121212');
  });

  it('treats anything but "true" as light', () => {
    localStorage.setItem('darkMode', 'yes');
    renderToggle();
    expect(screen.getByTestId('theme')).toHaveTextContent('light');
  });
});

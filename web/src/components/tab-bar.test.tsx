import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabBar, TabPanel } from './tab-bar';

const items = [
  { value: 'a', label: 'Birinci' },
  { value: 'b', label: 'İkinci', ariaLabel: 'İkinci (3)' },
  { value: 'c', label: 'Üçüncü' },
] as const;
type Value = (typeof items)[number]['value'];

function Tabs({ onChange }: { onChange?: (value: Value) => void }) {
  const [value, setValue] = useState<Value>('a');
  return (
    <>
      <TabBar
        idBase="t"
        label="Bölmələr"
        items={items}
        value={value}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
      <TabPanel idBase="t" value={value}>
        {`panel ${value}`}
      </TabPanel>
    </>
  );
}

const selected = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

describe('TabBar', () => {
  it('is a named tab list whose selected tab names and controls the panel', () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Bölmələr' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Birinci', 'İkinci', 'Üçüncü']);
    // A shortened label keeps its full name.
    expect(screen.getByRole('tab', { name: 'İkinci (3)' })).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Birinci' });
    expect(panel).toHaveTextContent('panel a');
    expect(screen.getByRole('tab', { name: 'Birinci' })).toHaveAttribute('aria-controls', panel.id);
  });

  it('a click selects a tab, and clicking the selected one changes nothing', async () => {
    const onChange = vi.fn();
    render(<Tabs onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Üçüncü' }));
    expect(screen.getByRole('tabpanel', { name: 'Üçüncü' })).toHaveTextContent('panel c');
    await userEvent.click(screen.getByRole('tab', { name: 'Üçüncü' }));
    expect(onChange.mock.calls).toEqual([['c']]);
  });

  it('only the selected tab is in the Tab order; arrows, Home and End move and select', async () => {
    render(<Tabs />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Birinci' })).toHaveFocus();
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'İkinci (3)' })).toHaveFocus();
    expect(selected()).toHaveTextContent('İkinci');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);

    await userEvent.keyboard('{End}');
    expect(selected()).toHaveTextContent('Üçüncü');
    await userEvent.keyboard('{ArrowRight}');
    expect(selected()).toHaveTextContent('Birinci');
    await userEvent.keyboard('{ArrowLeft}');
    expect(selected()).toHaveTextContent('Üçüncü');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Birinci' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('panel a');

    // From a tab the page focused without selecting it, the arrows move on from that tab.
    screen.getByRole('tab', { name: 'İkinci (3)' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Üçüncü' })).toHaveFocus();
    expect(selected()).toHaveTextContent('Üçüncü');
    await userEvent.keyboard('{Home}');

    // Other keys are left to the page.
    await userEvent.keyboard('{ArrowDown}x');
    expect(selected()).toHaveTextContent('Birinci');
  });
});

import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import type { KeyboardEvent, ReactNode } from 'react';
import { selectedTabColor } from '../config/theme';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  /** The tab's accessible name when its visible label is shortened (phones). */
  ariaLabel?: string;
}

/** The id of a tab and of the panel it controls, so `TabBar` and `TabPanel` agree. */
const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
const panelId = (idBase: string, value: string) => `${idBase}-panel-${value}`;

const keyMoves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A row of tabs (WAI-ARIA tabs pattern, automatic activation): the arrow keys, Home and End move
 * to a tab and select it, and only the selected tab is in the Tab order. The selected tab is
 * underlined by CSS. MUI's Tabs measured the bar with getBoundingClientRect after every render to
 * place its sliding indicator: a forced layout, the largest piece of script time in a throttled
 * profile of the phone dashboard (docs/benchmarks.md "Lighthouse on a phone"). These tabs never
 * scroll, so none of that is needed.
 */
export function TabBar<T extends string>({
  idBase,
  label,
  items,
  value,
  onChange,
  fullWidth = false,
  sx,
  tabSx,
}: {
  idBase: string;
  /** The tab list's accessible name. */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Tabs share the row's width equally (phones). */
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  tabSx?: SxProps<Theme>;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = keyMoves[event.key];
    // From the focused tab: it is the selected one, unless the page moved focus itself.
    const focused = (event.target as HTMLElement).id;
    const index = items.findIndex((item) => tabId(idBase, item.value) === focused);
    const next = move && index >= 0 ? items[move(index, items.length)] : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
    event.currentTarget.ownerDocument.getElementById(tabId(idBase, next.value))?.focus();
  };

  return (
    <Box role="tablist" aria-label={label} onKeyDown={onKeyDown} sx={[{ display: 'flex' }, sx ?? {}].flat()}>
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <ButtonBase
            key={item.value}
            role="tab"
            id={tabId(idBase, item.value)}
            aria-controls={panelId(idBase, item.value)}
            aria-selected={selected}
            aria-label={item.ariaLabel}
            tabIndex={selected ? 0 : -1}
            onClick={() => !selected && onChange(item.value)}
            sx={[
              (theme) => ({
                ...theme.typography.button,
                flex: fullWidth ? '1 1 0' : '0 0 auto',
                minWidth: fullWidth ? 0 : 90,
                minHeight: 48,
                px: 2,
                py: 1.5,
                color: 'text.secondary',
                // The underline is drawn inside the tab, so selecting one never moves the layout.
                boxShadow: selected ? 'inset 0 -2px 0 currentColor' : 'none',
                transition: theme.transitions.create(['color', 'box-shadow'], {
                  duration: theme.transitions.duration.shorter,
                }),
                '&[aria-selected="true"]': { color: selectedTabColor(theme) },
                // Inside the tab's edge: a tab bar sits at the top of a clipped card.
                '&.Mui-focusVisible': { outlineOffset: -3 },
              }),
              ...[tabSx ?? {}].flat(),
            ]}
          >
            {item.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

/** The panel of the selected tab, named by it. */
export function TabPanel({ idBase, value, children }: { idBase: string; value: string; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={panelId(idBase, value)} aria-labelledby={tabId(idBase, value)}>
      {children}
    </Box>
  );
}

import type { ReactNode } from 'react';
import { TabBar, TabPanel } from '../../../components/tab-bar';
import { az } from '../../../i18n/az';

export type DashboardTab = 'collection' | 'feed';

const idBase = 'dashboard';
const items = [
  { value: 'collection', label: az.dashboard.collectionTab },
  { value: 'feed', label: az.feed.title },
] as const;

/** The phone dashboard's two tabs, the collection and "Dostların fəaliyyəti", and the chosen one's panel. */
export function DashboardTabs({
  value,
  onChange,
  children,
}: {
  value: DashboardTab;
  onChange: (tab: DashboardTab) => void;
  children: ReactNode;
}) {
  return (
    <>
      <TabBar
        idBase={idBase}
        label={az.dashboard.tabsLabel}
        items={items}
        value={value}
        onChange={onChange}
        fullWidth
        sx={{ mb: 2 }}
      />
      <TabPanel idBase={idBase} value={value}>
        {children}
      </TabPanel>
    </>
  );
}

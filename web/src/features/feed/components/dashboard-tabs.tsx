import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { az } from '../../../i18n/az';

export type DashboardTab = 'collection' | 'feed';

/** The phone dashboard's two tabs: the collection and "Dostların fəaliyyəti". */
export function DashboardTabs({ value, onChange }: { value: DashboardTab; onChange: (tab: DashboardTab) => void }) {
  return (
    <Tabs
      value={value}
      onChange={(_event, tab: DashboardTab) => onChange(tab)}
      aria-label={az.dashboard.tabsLabel}
      variant="fullWidth"
      sx={{ mb: 2 }}
    >
      <Tab value="collection" label={az.dashboard.collectionTab} id="dashboard-tab-collection" />
      <Tab value="feed" label={az.feed.title} id="dashboard-tab-feed" />
    </Tabs>
  );
}

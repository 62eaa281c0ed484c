import { useSyncExternalStore } from 'react';
import { presenceStore } from '../presence-store';

/**
 * Whether the signed-in user shows as online in the header ('İndi onlayn' / 'Offlayn'):
 * it follows the realtime socket being connected.
 */
export const useSelfOnline = (): boolean =>
  useSyncExternalStore(presenceStore.subscribe, () => presenceStore.getSnapshot().connected);

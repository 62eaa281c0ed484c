import { Suspense } from 'react';
import { useAuth } from '../../lib/auth/auth-context';
import { lazyWhenOnline } from '../../lib/lazy-when-online';
import { useIdleAfter } from '../../lib/use-idle-after';

// Its own chunk (with the presence store and, later, socket.io-client): visitors download none of it.
const RealtimeBridge = lazyWhenOnline(async () => ({ default: (await import('./realtime-bridge')).RealtimeBridge }));

/**
 * Mounts the realtime socket's owner for members only, once the first view has had its idle
 * moment; the bridge itself checks docs/product.md#presence's conditions fully.
 */
export function RealtimeGate() {
  const { isLoggedIn, userId } = useAuth();
  const ready = useIdleAfter(isLoggedIn && userId !== null);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeBridge />
    </Suspense>
  );
}

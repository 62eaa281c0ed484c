import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { AppToasts } from './app-toasts';
import { createQueryClient } from './query-client';
import { ThemeModeProvider } from './theme-mode-provider';

// Toasts are never part of the first paint: react-toastify (with its styles) loads once the page is
// idle, or with the first toast (lib/toast.ts). toast() calls made before the container mounts are
// queued by react-toastify and shown when it does.

/** Everything that does not need the router: theme, server-state cache, toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [showToasts, setShowToasts] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setShowToasts(true))), []);
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={client}>
        {children}
        {showToasts && <AppToasts />}
      </QueryClientProvider>
    </ThemeModeProvider>
  );
}

import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from './query-client';
import { ThemeModeProvider } from './theme-mode-provider';

/** Everything that does not need the router: theme, server-state cache, toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={client}>
        {children}
        {/* SPEC.md section 2 "Toasts": top-right, colored, 3000 ms. */}
        <ToastContainer position="top-right" theme="colored" autoClose={3000} newestOnTop />
      </QueryClientProvider>
    </ThemeModeProvider>
  );
}

/** `import:progress` as the realtime socket delivers it (app/realtime/realtime-bridge.tsx feeds this). */
export interface ImportProgressEvent {
  id: string;
  done: number;
  total: number;
  status?: 'done' | 'failed';
}

const listeners = new Set<(event: ImportProgressEvent) => void>();

/** The socket's progress events, to whoever shows an import. */
export const importProgress = {
  emit(event: ImportProgressEvent) {
    for (const listener of listeners) listener(event);
  },
  subscribe(listener: (event: ImportProgressEvent) => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

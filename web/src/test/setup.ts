import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeSockets } from './fake-socket';

// No test opens a real socket: the app's socket.io-client is a recording fake (test/fake-socket.ts).
vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket')).fakeIo }));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  fakeSockets.length = 0;
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Integration tests hash real argon2id passwords and open real databases.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

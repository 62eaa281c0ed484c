import { defineConfig } from 'vitest/config';

/**
 * The fault suites (src/reliability/*.fault.ts): they start their own PostgreSQL,
 * Redis and app processes and stop or kill them, so they run one file at a time
 * and get long timeouts (ceilings for a loaded machine; a run takes 3-4 minutes). `npm run test:reliability`.
 */
export default defineConfig({
  test: {
    include: ['src/reliability/**/*.fault.ts'],
    fileParallelism: false,
    testTimeout: 360_000,
    hookTimeout: 240_000,
  },
});

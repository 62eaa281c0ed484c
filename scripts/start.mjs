#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources,
// then runs the server (API, socket and the built app on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'web/dist/index.html');

/** Newest modification time under the given files or folders. */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else max = Math.max(max, st.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return max;
}

const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contracts/src'];
if (!existsSync(built) || newest(sources) > statSync(built).mtimeMs) {
  console.log('KinoDost: building the web app…');
  const res = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--import', import.meta.resolve('tsx'), path.join(root, 'server/src/main.ts')],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

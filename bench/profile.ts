// A CPU profile of the app (the server bundle) under one HTTP load, to find where a budget is
// lost. Prints the heaviest functions by self time and leaves the .cpuprofile (open it in
// Chrome DevTools) in bench/results/profiles/.
//   npm run bench:profile -- /api/user/profile            (PostgreSQL, BENCH_DATABASE_URL)
//   npm run bench:profile -- --pglite /api/user/profile   (the PGlite data folder of bench:generate)
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_SCALE as for generate.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import { ADMINS, DEFAULT_DATABASE_URL, memberId, pgliteDataDir, pgliteScale, postgresScale } from './generate';
import { runLoad } from './http-load';

const args = process.argv.slice(2);
const pglite = args.includes('--pglite');
const paths = args.filter((a) => !a.startsWith('--'));
if (paths.length === 0) throw new Error('usage: bench/profile.ts [--pglite] <path> [<path> …]');

const root = path.join(import.meta.dirname, '..');
const outDir = path.join(import.meta.dirname, 'results', 'profiles');
const secret = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 24 * 3600_000 });

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function, heaviest first. */
function selfTimes(profile: CpuProfile): { name: string; ms: number; share: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/server\//, 'server/')}:${lineNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    totals.set(key, (totals.get(key) ?? 0) + dt);
    all += dt;
  });
  return [...totals].map(([name, ms]) => ({ name, ms, share: ms / all })).sort((a, b) => b.ms - a.ms);
}

async function main() {
  const build = spawnSync(process.execPath, [path.join(root, 'server/scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server bundle did not build');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const dataDir = pglite ? pgliteDataDir() : path.join(tmpdir(), 'kinodost-profile');
  const port = 5400 + Math.floor(Math.random() * 500);
  const child = spawn(
    process.execPath,
    [
      ...(process.env.PROFILE_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      '--cpu-prof',
      `--cpu-prof-dir=${outDir}`,
      'server/dist/main.mjs',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        JWT_SECRET: secret,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        DATABASE_URL: pglite ? '' : (process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL),
        REDIS_URL: '',
        SMTP_URL: '',
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 3000) throw new Error('the app was not ready in 60 s');
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const members = (pglite ? pgliteScale() : postgresScale()).members;
  const tokens = Array.from({ length: Math.min(5000, members - ADMINS) }, (_, k) =>
    sign({ sub: memberId(ADMINS + Math.floor((k * (members - ADMINS)) / 5000)), ver: 0 }),
  );
  const admin = paths.some((p) => p.startsWith('/api/user/all') || p.startsWith('/api/admin'));
  const result = await runLoad({
    url,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    duration: Number(process.env.BENCH_DURATION ?? 10),
    method: 'GET',
    paths,
    tokens: admin ? Array.from({ length: ADMINS }, (_, i) => sign({ sub: memberId(i), ver: 0 })) : tokens,
  });
  console.log(
    `${paths.join(', ')}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
  );
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  const file = (await readdir(outDir)).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile was written');
  const top = selfTimes(JSON.parse(await readFile(path.join(outDir, file), 'utf8')) as CpuProfile).slice(0, 40);
  for (const t of top)
    console.log(`${(t.share * 100).toFixed(1).padStart(5)}%  ${t.ms.toFixed(0).padStart(6)} ms  ${t.name}`);
  console.log(`profile: ${path.join(outDir, file)}`);
}

await main();

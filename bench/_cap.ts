import { spawn } from 'node:child_process';
import { createSigner } from 'fast-jwt';
import { filmId, memberId } from './generate';

const secret = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 24 * 3600_000 });
const child = spawn(process.execPath, ['server/dist/main.mjs'], {
  env: {
    ...process.env,
    PORT: '5891',
    HOST: '127.0.0.1',
    JWT_SECRET: secret,
    DATA_DIR: '/tmp/kb-cap',
    WEB_DIST: '/tmp/kb-cap/no',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kb_small',
    REDIS_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
for (;;) {
  const ok = await fetch('http://127.0.0.1:5891/api/ready').then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  await new Promise((r) => setTimeout(r, 100));
}
const tok = sign({ sub: memberId(15), ver: 0 });
const admin = sign({ sub: memberId(1), ver: 0 });
for (const [p, t] of [
  ['/api/user/profile', tok],
  ['/api/movies?page=1&limit=20', tok],
  ['/api/friends?page=1&limit=20', tok],
  ['/api/friends/requests/incoming?page=1&limit=20', tok],
  ['/api/newsletters/unread-count', tok],
  ['/api/newsletters/latest?limit=5', tok],
  ['/api/user/all?page=2&limit=20', admin],
  [`/api/films/${filmId(15)}`, tok],
  ['/api/films/search?q=Titanic', tok],
] as const) {
  const r = await fetch(`http://127.0.0.1:5891${p}`, { headers: { authorization: `Bearer ${t}` } });
  console.log('=====', p, r.status, (await r.text()).slice(0, 300));
}
child.kill();

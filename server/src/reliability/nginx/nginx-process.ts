import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, tempDir, waitUntil } from '../support/wait';

/** The deployment's nginx config (README "Several instances on PostgreSQL"), with placeholders. */
export const TEMPLATE = path.join(import.meta.dirname, 'kinodost.conf.template');

/** One line of the access log (log_format kinodost). */
export interface AccessLine {
  /** When nginx finished the request, ms since the epoch. */
  at: number;
  client: string;
  /** The upstream ports tried, in order ("127.0.0.1:A, 127.0.0.1:B" when nginx moved on). */
  upstreamPorts: number[];
  status: number;
  request: string;
}

export interface Nginx {
  url: string;
  port: number;
  accessLog(): Promise<AccessLine[]>;
  output(): string;
  stop(): Promise<void>;
}

/** Fills the template for these app ports, listening on 127.0.0.1:`port`. */
export async function renderConfig(appPorts: [number, number], port: number, accessLog: string): Promise<string> {
  const values: Record<string, string> = {
    APP_1: `127.0.0.1:${appPorts[0]}`,
    APP_2: `127.0.0.1:${appPorts[1]}`,
    LISTEN: `127.0.0.1:${port}`,
    ACCESS_LOG: accessLog,
  };
  const text = (await readFile(TEMPLATE, 'utf8')).replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`unknown placeholder ${whole} in ${TEMPLATE}`);
    return value;
  });
  return text;
}

/**
 * Debian's nginx as a child process (`nginx -c <conf> -p <prefix> -g 'daemon off;'`)
 * with the template inside a minimal main config whose every path is in a temp folder.
 */
export async function startNginx(appPorts: [number, number]): Promise<Nginx> {
  const dir = await tempDir('nginx');
  const prefix = `${dir.path}/`;
  const port = await freePort();
  const accessLog = path.join(dir.path, 'access.log');
  await mkdir(path.join(dir.path, 'logs'));
  await writeFile(path.join(dir.path, 'kinodost.conf'), await renderConfig(appPorts, port, accessLog));
  const temp = (name: string) => path.join(dir.path, `tmp-${name}`);
  const main = [
    // As root the workers would otherwise run as nobody, who cannot write the temp folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${path.join(dir.path, 'nginx.pid')};`,
    `error_log ${path.join(dir.path, 'error.log')} warn;`,
    'events { worker_connections 2048; }',
    'http {',
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${path.join(dir.path, 'kinodost.conf')};`,
    '}',
  ].join('\n');
  const conf = path.join(dir.path, 'nginx.conf');
  await writeFile(conf, main);

  const child: ChildProcess = spawn('nginx', ['-c', conf, '-p', prefix, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.on('error', (err) => {
    out +=
      (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'nginx is not installed (apt-get install nginx)' : String(err);
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  // 'error' alone (no 'close') when nginx cannot be started at all.
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  let running = true;
  exited.then(() => {
    running = false;
  });
  const url = `http://127.0.0.1:${port}`;
  const listening = waitUntil(
    `nginx on ${port}`,
    async () => {
      // Any answer (a 503 while no app is up) means nginx listens.
      await fetch(`${url}/.nginx-probe`, { signal: AbortSignal.timeout(1000) });
      return true;
    },
    15_000,
  );
  const died = exited.then(() => {
    throw new Error('nginx exited');
  });
  await Promise.race([listening, died]).catch(async (err) => {
    child.kill('SIGKILL');
    await dir.remove();
    throw new Error(`${(err as Error).message}: ${out}`);
  });
  died.catch(() => {});

  return {
    url,
    port,
    output: () => out,
    async accessLog() {
      const text = await readFile(accessLog, 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const m = /^(\S+) (\S+) (.+?) (\d{3}) \S+ "(.*)"$/.exec(line);
          if (!m) throw new Error(`unexpected access log line: ${line}`);
          const [, msec = '0', client = '', upstream = '', status = '0', request = ''] = m;
          const upstreamPorts = [...upstream.matchAll(/:(\d+)/g)].map((p) => Number(p[1]));
          return { at: Number(msec) * 1000, client, upstreamPorts, status: Number(status), request };
        });
    },
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        await exited;
      }
      await dir.remove();
    },
  };
}

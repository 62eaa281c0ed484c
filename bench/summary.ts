// Gathers every bench/results/<name>.json into bench/results/summary.md: one row per budgeted
// figure (value, budget, ratio, pass) and the machine it was measured on. With --readme it
// also puts the table into README.md's Benchmarks section, between its summary markers.
//   node --import tsx bench/summary.ts [--readme]
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Figure, type Machine, machine, resultsDir } from './machine';

interface Result {
  benchmark?: string;
  machine?: Machine;
  figures?: Figure[];
  at?: string;
  [key: string]: unknown;
}

/** presence.json predates the shared shape; its budgets are issue 5's. */
function presenceFigures(r: Result): Figure[] {
  const kb = Number(r.memory_per_connection_kb);
  const p99 = Number(r.online_latency_p99_ms);
  const ok = r.deliveries === r.expected_deliveries;
  return [
    {
      figure: `Realtime memory per connection (${r.sockets} sockets)`,
      value: `${kb} KB`,
      budget: '< 20 KB',
      ratio: Number((kb / 20).toFixed(3)),
      pass: kb < 20,
    },
    {
      figure: 'Realtime presence event latency p99',
      value: `${p99} ms (${r.deliveries}/${r.expected_deliveries} delivered)`,
      budget: '< 100 ms',
      ratio: Number((p99 / 100).toFixed(3)),
      pass: p99 < 100 && ok,
    },
  ];
}

/** web-bundle.json (written by bench/web-bundle.ts): the landing page's initial JavaScript. */
function webBundleFigures(r: Result): Figure[] {
  const landing = r.landing as
    | { initialJsGzipBytes?: number; ratioToBudget?: number; withinBudget?: boolean }
    | undefined;
  const budget = (r.budget as { initialJsGzipBytes?: number } | undefined)?.initialJsGzipBytes;
  if (!landing?.initialJsGzipBytes || !budget) return [];
  const routes = (r.routes ?? []) as { route: string; path: string; jsGzip: number; lazyJsGzip: number }[];
  return [
    {
      figure: 'Landing page initial JavaScript (gzip)',
      value: `${(landing.initialJsGzipBytes / 1000).toFixed(1)} KB`,
      budget: `< ${budget / 1000} KB`,
      ratio: landing.ratioToBudget ?? Number((landing.initialJsGzipBytes / budget).toFixed(3)),
      pass: landing.withinBudget ?? landing.initialJsGzipBytes < budget,
    },
    // Each page's own chunks (page, layouts) beyond the shell: reported, not budgeted.
    ...routes.map((x) => ({
      figure: `Route chunk ${x.route} (${x.path}, gzip)`,
      value: `${(x.lazyJsGzip / 1000).toFixed(1)} KB own, ${(x.jsGzip / 1000).toFixed(1)} KB initial`,
      budget: 'reported',
      ratio: null,
      pass: null,
    })),
  ];
}

/**
 * lighthouse.json (written by bench/lighthouse.ts): one row per budgeted page and preset. Its
 * performance is a ratio to the reference page's (bench/lighthouse-reference, a bare React + MUI
 * page) in the same run and preset; accessibility and best practices must be 100.
 */
function lighthouseFigures(r: Result): Figure[] {
  const budget = r.budget as { pages?: string[] } | undefined;
  const referencePage = r.referencePage as string | undefined;
  const results = r.results as
    | { page: string; preset: string; scores: Record<string, number>; performanceToReference?: number }[]
    | undefined;
  if (!Array.isArray(results)) return [];
  return results
    .filter((x) => budget?.pages?.includes(x.page))
    .map((x) => {
      const reference = results.find((y) => y.page === referencePage && y.preset === x.preset);
      const toReference = reference ? (x.scores.performance ?? 0) / (reference.scores.performance || 1) : 0;
      return {
        figure: `Lighthouse ${x.page} (${x.preset})`,
        value: `performance ${x.scores.performance}, accessibility ${x.scores.accessibility}, best practices ${x.scores['best-practices']}`,
        reference: reference
          ? `reference page: performance ${reference.scores.performance}`
          : 'no reference page measured',
        budget: 'performance ≥ reference, the others 100',
        ratio: Number(toReference.toFixed(3)),
        pass: toReference >= 1 && x.scores.accessibility === 100 && x.scores['best-practices'] === 100,
      };
    });
}

const adapters: Record<string, (r: Result) => Figure[]> = {
  presence: presenceFigures,
  'web-bundle': webBundleFigures,
  lighthouse: lighthouseFigures,
};

export async function summarise(opts: { readme?: boolean; failedSteps?: string[] } = {}) {
  const files = (await readdir(resultsDir)).filter((f) => f.endsWith('.json') && f !== 'summary.json').sort();
  const rows: (Figure & { source: string; date: string })[] = [];
  for (const file of files) {
    const name = file.replace(/\.json$/, '');
    let r: Result;
    try {
      r = JSON.parse(await readFile(path.join(resultsDir, file), 'utf8')) as Result;
    } catch {
      continue;
    }
    const date = String(r.machine?.date ?? r.at ?? r.measuredAt ?? '')
      .slice(0, 16)
      .replace('T', ' ');
    const figures = Array.isArray(r.figures) ? r.figures : (adapters[name]?.(r) ?? []);
    if (figures.length === 0) {
      rows.push({
        figure: `${name} (see ${name}.md)`,
        value: '',
        budget: '',
        ratio: null,
        pass: null,
        source: name,
        date,
      });
    }
    for (const f of figures) rows.push({ ...f, source: name, date });
  }
  const m = machine();
  const passed = rows.filter((r) => r.pass === true).length;
  const budgeted = rows.filter((r) => r.pass !== null).length;
  const table = [
    `Machine: ${m.cores} cores, ${m.cpu}, ${m.memory_gib} GiB, Node ${m.node}, ${m.platform}; commit ${m.commit}; summary made ${m.date.slice(0, 16).replace('T', ' ')} UTC.`,
    `${passed} of ${budgeted} budgets met. Each ratio is to the reference beside it, measured in the same run (req/s and score ratios: higher is better; latency ratios to a ceiling: below 1 is within it).`,
    ...(opts.failedSteps?.length ? [`Steps that did not finish: ${opts.failedSteps.join(', ')}.`] : []),
    '',
    '| figure | value | reference (same run) | budget | ratio | pass | from (UTC) |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.figure} | ${r.value} | ${r.reference ?? ''} | ${r.budget} | ${r.ratio ?? ''} | ${r.pass === null ? '' : r.pass ? 'yes' : '**no**'} | ${r.source}.md, ${r.date} |`,
    ),
    '',
  ].join('\n');
  await writeFile(path.join(resultsDir, 'summary.md'), `# Benchmark summary\n\n${table}`);
  await writeFile(
    path.join(resultsDir, 'summary.json'),
    `${JSON.stringify({ machine: m, failed_steps: opts.failedSteps ?? [], figures: rows }, null, 2)}\n`,
  );
  if (opts.readme) {
    const readmePath = path.join(import.meta.dirname, '..', 'README.md');
    const readme = await readFile(readmePath, 'utf8');
    const start = '<!-- bench-summary:start -->';
    const end = '<!-- bench-summary:end -->';
    const a = readme.indexOf(start);
    const b = readme.indexOf(end);
    if (a >= 0 && b > a) {
      await writeFile(readmePath, `${readme.slice(0, a + start.length)}\n${table}${readme.slice(b)}`);
    }
  }
  console.log(table);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await summarise({ readme: process.argv.includes('--readme') });
}

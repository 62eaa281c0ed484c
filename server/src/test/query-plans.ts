import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestDatabase } from './test-database';

/** A node of EXPLAIN (FORMAT JSON)'s plan, with the fields plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'CTE Name'?: string;
  Plans?: PlanNode[];
}
/** EXPLAIN (FORMAT JSON)'s one row, on both drivers. */
type Explained = { rows: [{ 'QUERY PLAN': [{ Plan: PlanNode }] }] };

/** Every node of a plan, the root first. */
export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The nodes of a plan that read `relation`. */
export const scansOf = (node: PlanNode, relation: string): PlanNode[] =>
  nodesOf(node).filter((n) => n['Relation Name'] === relation);

const literal = (value: unknown) =>
  value instanceof Date
    ? `'${value.toISOString()}'`
    : typeof value === 'number'
      ? String(value)
      : `'${String(value).replaceAll("'", "''")}'`;

/**
 * The statements `run` sends, each with its plan: the repository's real SQL, its parameters
 * bound as literals. Sequential scans are off, since test tables are tiny and the planner would
 * rightly read them whole; what is checked is the index a large table would be read by.
 */
export async function plansOf(
  database: TestDatabase,
  run: () => Promise<unknown>,
): Promise<{ sql: string; plan: PlanNode }[]> {
  const sent: { sql: string; params: unknown[] }[] = [];
  const stop = database.observeQueries?.((text, params) => sent.push({ sql: text, params }));
  await run();
  stop?.();
  expect(sent.length).toBeGreaterThan(0);
  return Promise.all(
    sent.map(async ({ sql: text, params }) => {
      const bound = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
      const explained = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql.raw(`explain (format json) ${bound}`));
      });
      return { sql: text, plan: (explained as unknown as Explained).rows[0]['QUERY PLAN'][0].Plan };
    }),
  );
}

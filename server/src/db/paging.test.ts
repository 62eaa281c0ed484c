import { describe, expect, it, vi } from 'vitest';
import { pageWithTotal } from './paging';

describe('pageWithTotal', () => {
  const list = Array.from({ length: 45 }, (_, i) => i);
  const run = (offset: number, limit: number) => {
    const count = vi.fn(async () => list.length);
    return pageWithTotal(offset, limit, async () => list.slice(offset, offset + limit), count).then((r) => ({
      ...r,
      counted: count.mock.calls.length,
    }));
  };

  it('takes the total from a first page with room to spare, without counting', async () => {
    const r = await pageWithTotal(0, 20, async () => [1, 2, 3], vi.fn());
    expect(r).toEqual({ rows: [1, 2, 3], total: 3 });
    expect(
      await pageWithTotal(
        0,
        20,
        async () => [],
        async () => 99,
      ),
    ).toEqual({ rows: [], total: 0 });
  });

  it('takes the total from a partly filled last page', async () => {
    expect(await run(40, 20)).toMatchObject({ total: 45, counted: 0 });
  });

  it('counts for a full page and for an empty page past the end', async () => {
    expect(await run(0, 20)).toMatchObject({ total: 45, counted: 1 });
    expect(await run(20, 25)).toMatchObject({ total: 45, counted: 1 });
    expect(await run(60, 20)).toMatchObject({ rows: [], total: 45, counted: 1 });
  });
});

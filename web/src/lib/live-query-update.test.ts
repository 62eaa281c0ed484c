import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLiveUpdate, refetchAfterChange } from './live-query-update';

const KEY = ['feed'];
let stop = () => {};
afterEach(() => stop());

/** A query on screen whose fetches answer only when the test says so. */
function watchedQuery() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers: Array<(data: string[]) => void> = [];
  const observer = new QueryObserver<string[]>(client, {
    queryKey: KEY,
    queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
  });
  const shown: Array<string[] | undefined> = [];
  const statuses = new Set<string>();
  stop = observer.subscribe((result) => {
    shown.push(result.data);
    statuses.add(result.status);
  });
  return { client, answers, shown, statuses };
}

describe('applyLiveUpdate', () => {
  it('changes the cached data at once and fetches nothing when no fetch is under way', async () => {
    const { client, answers } = watchedQuery();
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.(['old']);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(['old']));

    applyLiveUpdate<string[]>(client, KEY, (data) => data && ['new', ...data]);
    expect(client.getQueryData(KEY)).toEqual(['new', 'old']);
    expect(client.isFetching()).toBe(0);
    expect(answers).toHaveLength(1);
  });

  it('sends a fetch under way again, so its answer from before the change never replaces it', async () => {
    const { client, answers, shown } = watchedQuery();
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.(['old']);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(['old']));
    // A resync refetches the query; the friend's new item is written while that fetch is away.
    void client.invalidateQueries({ queryKey: KEY });
    await vi.waitFor(() => expect(answers).toHaveLength(2));

    applyLiveUpdate<string[]>(client, KEY, (data) => data && ['new', ...data]);
    expect(client.getQueryData(KEY)).toEqual(['new', 'old']);
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    answers[1]?.(['old']); // read before the item was written
    answers[2]?.(['new', 'old']);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));

    expect(client.getQueryData(KEY)).toEqual(['new', 'old']);
    const firstNew = shown.findIndex((data) => data?.[0] === 'new');
    expect(shown.slice(firstNew).every((data) => data?.[0] === 'new')).toBe(true);
  });

  it('fetches again a query still loading its first answer, which the change could not reach', async () => {
    const { client, answers, statuses } = watchedQuery();
    await vi.waitFor(() => expect(answers).toHaveLength(1));

    applyLiveUpdate<string[]>(client, KEY, (data) => data && ['new', ...data]);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]?.([]);
    answers[1]?.(['new']);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(client.getQueryData(KEY)).toEqual(['new']);
    expect([...statuses]).toEqual(['pending', 'success']); // the cancelled first load is no error
  });
});

describe('refetchAfterChange', () => {
  it('replaces a first load under way, whose answer was read before the change', async () => {
    const { client, answers, statuses } = watchedQuery();
    await vi.waitFor(() => expect(answers).toHaveLength(1));

    const done = refetchAfterChange(client, ['feed']);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]?.(['old']);
    answers[1]?.(['new']);
    await done;
    expect(client.getQueryData(KEY)).toEqual(['new']);
    expect([...statuses]).toEqual(['pending', 'success']);
  });

  it('refetches a query at rest that is on screen', async () => {
    const { client, answers } = watchedQuery();
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.(['old']);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(['old']));

    const done = refetchAfterChange(client, ['feed']);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.(['new']);
    await done;
    expect(client.getQueryData(KEY)).toEqual(['new']);
  });
});

describe('the app', () => {
  it('marks lists out of date through refetchAfterChange only, never invalidateQueries alone', () => {
    const sources = import.meta.glob<string>(
      ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./live-query-update.ts'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    );
    const joining = Object.entries(sources)
      .filter(([, text]) => text.includes('.invalidateQueries('))
      .map(([file]) => file);
    expect(Object.keys(sources).length).toBeGreaterThan(200);
    expect(joining).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenOnline } from './lazy-when-online';

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  if (online) window.dispatchEvent(new Event('online'));
};

describe('importWhenOnline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers the chunk when it loads', async () => {
    await expect(importWhenOnline(async () => 'chunk')).resolves.toBe('chunk');
  });

  it('offline, waits for the connection and imports again, as often as it takes', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('chunk');
    const loaded = importWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Still offline: nothing is asked again until the browser says it is back.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online')); // a blip: offline again by the time it retries
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    setOnline(true);
    await expect(loaded).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('online, a failure is the error it is (a chunk a newer deploy removed)', async () => {
    setOnline(true);
    const gone = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn(async () => {
      throw gone;
    });
    await expect(importWhenOnline(load)).rejects.toBe(gone);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleAfter } from './use-idle-after';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useIdleAfter', () => {
  it('turns true only after the next idle moment, and false again at once when inactive', async () => {
    const { result, rerender } = renderHook(({ active }) => useIdleAfter(active), { initialProps: { active: true } });
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(0)); // jsdom has no requestIdleCallback: a task stands in
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
    rerender({ active: true });
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(true);
  });

  it('never turns true while inactive', async () => {
    const { result } = renderHook(() => useIdleAfter(false));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(result.current).toBe(false);
  });
});

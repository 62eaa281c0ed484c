import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterIdle } from './after-idle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('AfterIdle', () => {
  it('shows its fallback, then its children after the idle moment, without rendering its parent again', async () => {
    const parentRenders = vi.fn();
    function Parent() {
      parentRenders();
      return (
        <AfterIdle fallback={<span>kept space</span>}>
          <span>menus</span>
        </AfterIdle>
      );
    }
    render(<Parent />);
    expect(screen.getByText('kept space')).toBeInTheDocument();
    expect(screen.queryByText('menus')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(0)); // jsdom has no requestIdleCallback: a task stands in
    expect(screen.getByText('menus')).toBeInTheDocument();
    expect(parentRenders).toHaveBeenCalledTimes(1);
  });

  it('shows its children at once when asked now, and never while inactive', async () => {
    const { rerender } = render(
      <AfterIdle active={false}>
        <span>dialog</span>
      </AfterIdle>,
    );
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByText('dialog')).toBeNull();
    rerender(
      <AfterIdle active={false} now>
        <span>dialog</span>
      </AfterIdle>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });
});

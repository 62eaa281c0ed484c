import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, nestedDeeperThan } from './json-depth';

const arrays = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('nestedDeeperThan', () => {
  it('counts arrays and objects, not what they hold', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({ a: [1, { b: 'c' }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: 'c' }] }, 2)).toBe(true);
  });

  it('allows JSON_MAX_DEPTH levels and no more', () => {
    expect(nestedDeeperThan(arrays(JSON_MAX_DEPTH), JSON_MAX_DEPTH)).toBe(false);
    expect(nestedDeeperThan(arrays(JSON_MAX_DEPTH + 1), JSON_MAX_DEPTH)).toBe(true);
  });

  it('walks a million levels without running out of stack', () => {
    expect(nestedDeeperThan(arrays(1_000_000), JSON_MAX_DEPTH)).toBe(true);
  });
});

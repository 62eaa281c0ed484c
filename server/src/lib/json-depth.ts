/**
 * The deepest nesting a JSON body may have. No body of the API nests past three levels; the
 * limit only has to keep the walks over a body (wellFormed, the U+0000 check), which recurse,
 * far from the stack's end: a 1 MiB body can nest arrays about 500,000 deep.
 */
export const JSON_MAX_DEPTH = 64;

/** Whether arrays and objects nest in `value` more than `limit` levels deep; walked without recursion. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const inner of Array.isArray(item) ? item : Object.values(item)) stack.push([inner, depth + 1]);
  }
  return false;
}

/**
 * A page of a list and the list's total, counting only when the page cannot tell it.
 *
 * A page with room to spare is the last one, so the total is its offset plus its rows; and
 * most members' lists (movies, friends, requests) fit on a first page. Only a full page, or
 * an empty one past the first, needs the count query: one round trip fewer for the common
 * case, at the price of a count after the page (not beside it) for long lists.
 */
export async function pageWithTotal<T>(
  offset: number,
  limit: number,
  rows: () => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const page = await rows();
  const last = page.length < limit && (page.length > 0 || offset === 0);
  return { rows: page, total: last ? offset + page.length : await count() };
}

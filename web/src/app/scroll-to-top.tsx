import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page reached by a link starts at its top, as a page load would; the declarative router keeps
 * the window where the last page left it. Back and forward (POP) are left to the browser, and a
 * link to an anchor (`#…`) or a change of the query alone (a tab) keeps its place.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page (its path) changes; the rest is read then.
  useLayoutEffect(() => {
    if (type !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

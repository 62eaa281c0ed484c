/** One style element's worth of emotion's critical CSS (@emotion/server's extractCriticalToChunks). */
export interface StyleChunk {
  key: string;
  ids: string[];
  css: string;
}

/**
 * Drops the keyframes no rule of the page names. Emotion files keyframes as global styles and the
 * server extraction keeps every global style the render inserted, used by the markup or not: the
 * prerendered landing page carried CircularProgress's two spinner animations, from a
 * Suspense fallback that prerender shows and then replaces. Keyframes are named `animation-<hash>`
 * (emotion's keyframes()); other global styles stay, as they may style the page without a class.
 */
export function withoutUnusedKeyframes(styles: StyleChunk[], key: string): StyleChunk[] {
  const rules = styles
    .filter((chunk) => chunk.key === key)
    .map((chunk) => chunk.css)
    .join('');
  const unused = (id: string) => id.startsWith('animation-') && !rules.includes(id);
  return styles.filter((chunk) => chunk.key === key || !chunk.ids.every(unused));
}

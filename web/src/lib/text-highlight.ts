/**
 * Finding a search query inside a text the way the server's search does: blind to case and to
 * Azerbaijani diacritics (ə→e, ı/İ/I→i, ö→o, ü→u, ş→s, ç→c, ğ→g) and to other combining marks.
 * Both strings are folded the same way, character by character, so every folded position maps
 * back to a range of the original string and the highlight lands on the original letters.
 */

const AZ_FOLD: Record<string, string> = {
  ə: 'e',
  Ə: 'e',
  ı: 'i',
  I: 'i',
  İ: 'i',
  ö: 'o',
  Ö: 'o',
  ü: 'u',
  Ü: 'u',
  ş: 's',
  Ş: 's',
  ç: 'c',
  Ç: 'c',
  ğ: 'g',
  Ğ: 'g',
};

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** One character (code point) folded; may be empty (a lone combining mark) or longer than one. */
const foldChar = (char: string): string =>
  AZ_FOLD[char] ?? char.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();

/** The folded form of a whole string (what the matching compares). */
export const foldText = (text: string): string => Array.from(text, foldChar).join('');

/** A folded string with, for each of its code units, the original range it came from. */
const foldWithMap = (text: string) => {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = foldChar(char);
    for (let i = 0; i < piece.length; i++) {
      starts.push(index);
      ends.push(index + char.length);
    }
    folded += piece;
    index += char.length;
  }
  return { folded, starts, ends };
};

export interface TextSegment {
  text: string;
  match: boolean;
}

/**
 * Splits `text` into segments, marking every occurrence of each word of `query` (folded).
 * Overlapping or adjacent matches merge; an empty query gives the text as one plain segment.
 */
export function highlightSegments(text: string, query: string): TextSegment[] {
  const terms = [...new Set(query.split(/\s+/).map(foldText).filter(Boolean))];
  if (!text || terms.length === 0) return text ? [{ text, match: false }] : [];

  const { folded, starts, ends } = foldWithMap(text);
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    let from = folded.indexOf(term);
    while (from !== -1) {
      const last = from + term.length - 1;
      ranges.push([starts[from] ?? 0, ends[last] ?? text.length]);
      from = folded.indexOf(term, from + 1);
    }
  }
  if (ranges.length === 0) return [{ text, match: false }];

  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const previous = merged[merged.length - 1];
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([range[0], range[1]]);
  }

  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const [start, end] of merged) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}

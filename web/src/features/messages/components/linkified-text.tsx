import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/giu;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}'»]+$/u;

/** Splits plain text into text and links (http and https addresses only). */
export function linkify(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const href = match[0].replace(TRAILING, '');
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: href, href });
    at = start + href.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * A message's text as it was typed: React escapes every character, line breaks are kept, and
 * addresses become links that open in a new tab without access to this page. Nothing else is
 * interpreted.
 */
export function LinkifiedText({ text }: { text: string }): ReactNode {
  return linkify(text).map((part, i) =>
    part.href ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
      <Link key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc" color="inherit">
        {part.text}
      </Link>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
      <span key={i}>{part.text}</span>
    ),
  );
}

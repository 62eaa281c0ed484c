import { describe, expect, it } from 'vitest';
import { foldText, highlightSegments } from './text-highlight';

const marked = (text: string, query: string) =>
  highlightSegments(text, query)
    .filter((segment) => segment.match)
    .map((segment) => segment.text);

describe('foldText', () => {
  it('folds Azerbaijani letters and case the way the search does', () => {
    expect(foldText('Səhər İşıq IĞDIR Çörək Üzüm')).toBe('seher isiq igdir corek uzum');
  });
});

describe('highlightSegments', () => {
  it("'seher' highlights 'Səhər' on the original letters", () => {
    expect(highlightSegments('Bir Səhər yeli', 'seher')).toEqual([
      { text: 'Bir ', match: false },
      { text: 'Səhər', match: true },
      { text: ' yeli', match: false },
    ]);
  });

  it("'ISIQ' highlights 'İşıq' and 'işıq'", () => {
    expect(marked('İşıq və işıqlı gün', 'ISIQ')).toEqual(['İşıq', 'işıq']);
  });

  it('highlights each word of the query and merges overlaps', () => {
    expect(marked('Gecə Şəhəri', 'sehe seher gece')).toEqual(['Gecə', 'Şəhər']);
  });

  it('keeps Latin accents and astral characters aligned', () => {
    expect(marked('Amélie 🎬 Poulain', 'amelie')).toEqual(['Amélie']);
    expect(marked('🎬 Poulain', 'poul')).toEqual(['Poul']);
  });

  it('returns the text unmarked when nothing matches or the query is blank', () => {
    expect(highlightSegments('Nargin', 'xyz')).toEqual([{ text: 'Nargin', match: false }]);
    expect(highlightSegments('Nargin', '   ')).toEqual([{ text: 'Nargin', match: false }]);
    expect(highlightSegments('', 'a')).toEqual([]);
  });
});

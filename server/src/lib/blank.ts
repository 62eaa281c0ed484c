/**
 * Whether a text shows nothing: white space, characters that are never drawn (zero-width space,
 * word joiner, byte order mark, the Hangul fillers: Unicode's default-ignorable code points) and
 * the blank Braille pattern (U+2800, drawn as an empty cell and a known way round "empty" checks).
 * A title, comment or message of them alone would be an empty line on the page.
 */
export const isBlank = (text: string): boolean => /^[\s\p{Default_Ignorable_Code_Point}\u2800]*$/u.test(text);

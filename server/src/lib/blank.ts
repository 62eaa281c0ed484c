/**
 * Whether a text shows nothing: white space and characters that are never drawn (zero-width
 * space, word joiner, byte order mark, the Hangul fillers: Unicode's default-ignorable code
 * points). A title, comment or message of them alone would be an empty line on the page.
 */
export const isBlank = (text: string): boolean => /^[\s\p{Default_Ignorable_Code_Point}]*$/u.test(text);

/**
 * Whether a file starts like one of the four image formats the server takes (JPEG, PNG, GIF, WebP),
 * read from its first 12 bytes. A text file renamed to .png has the right name and type but not
 * these bytes: refused before a preview or an upload. The server still decides by decoding it.
 */
export async function hasImageSignature(file: Blob): Promise<boolean> {
  const bytes = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const startsWith = (expected: readonly number[], at = 0) => expected.every((byte, i) => bytes[at + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  return (
    startsWith([0xff, 0xd8, 0xff]) || // JPEG
    startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || // PNG
    startsWith(ascii('GIF87a')) ||
    startsWith(ascii('GIF89a')) ||
    (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) // WebP: RIFF, size, WEBP
  );
}

import { describe, expect, it } from 'vitest';
import { parseImportFile } from './import-files';

describe('parseImportFile reads a CSV a slice at a time', () => {
  it('a letter whose bytes a slice boundary splits is read whole', async () => {
    const header = 'Date,Name,Year,Letterboxd URI\n';
    let text = header;
    for (let n = 0; Buffer.byteLength(text) < 65_450; n++) text += `2024-01-05,Şəbəkə ${n},1973,\n`;
    // A title whose "ə" (two bytes) begins at byte 65,535: the first slice ends inside it.
    const prefix = '2024-01-05,';
    const padding = 65_535 - Buffer.byteLength(text) - prefix.length;
    text += `${prefix}${'a'.repeat(padding)}ə,1973,\n2024-01-05,Sonuncu,1973,\n`;
    expect((Buffer.from(text)[65_536] ?? 0) & 0xc0).toBe(0x80);
    const titles = text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    const parsed = await parseImportFile(Buffer.from(text), 'watched.csv');
    expect(parsed.items.map((item) => item.title)).toEqual(titles);
  });
});

import { YEAR_MAX, YEAR_MIN } from '@kinodost/contracts/limits';
import { describe, expect, it } from 'vitest';
import { msg } from '../../lib/messages';
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

describe('numbers are read as the exports write them', () => {
  const csv = (header: string, ...rows: string[]) => Buffer.from(`${header}\n${rows.join('\n')}\n`);

  it('a year outside the years a film may have, or not in decimal digits, is left out', async () => {
    const years = [
      '2001',
      String(YEAR_MIN),
      String(YEAR_MAX),
      String(YEAR_MIN - 1),
      String(YEAR_MAX + 1),
      '0x7D1',
      '2e3',
      ' 1999 ',
    ];
    const parsed = await parseImportFile(
      csv('Date,Name,Year,Letterboxd URI', ...years.map((y, i) => `2024-01-05,Film ${i},${y},`)),
      'watched.csv',
    );
    expect(parsed.items.map((item) => item.year)).toEqual([2001, YEAR_MIN, YEAR_MAX, null, null, null, null, 1999]);
  });

  it('a Letterboxd rating in hex or with an exponent refuses the file, naming the line', async () => {
    const header = 'Date,Name,Year,Letterboxd URI,Rating';
    expect((await parseImportFile(csv(header, '2024-01-05,Film,2001,,3.5'), 'ratings.csv')).items[0]?.rating).toBe(7);
    for (const rating of ['0x4', '4e0', '+4', '4.']) {
      await expect(parseImportFile(csv(header, `2024-01-05,Film,2001,,${rating}`), 'ratings.csv')).rejects.toThrow(
        msg.imports.badRating('ratings.csv', 2),
      );
    }
  });

  it('an IMDb rating that is not a whole number written in decimal refuses the file', async () => {
    const header = 'Const,Your Rating,Date Rated,Title,Title Type,Year';
    for (const rating of ['8', '8.0']) {
      const parsed = await parseImportFile(
        csv(header, `tt0000001,${rating},2024-01-05,Film,movie,2001`),
        'ratings.csv',
      );
      expect(parsed.items[0]?.rating).toBe(8);
    }
    for (const rating of ['1e1', '0x8', '8.5']) {
      await expect(
        parseImportFile(csv(header, `tt0000001,${rating},2024-01-05,Film,movie,2001`), 'ratings.csv'),
      ).rejects.toThrow(msg.imports.badRating('ratings.csv', 2));
    }
  });
});

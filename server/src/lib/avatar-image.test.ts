import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processAvatar } from './avatar-image';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors';

type Rgb = { r: number; g: number; b: number };
const RED: Rgb = { r: 255, g: 0, b: 0 };
const BLUE: Rgb = { r: 0, g: 0, b: 255 };

/** A solid image of the given size and colour. */
const solid = (width: number, height: number, background: Rgb = RED) =>
  sharp({ create: { width, height, channels: 3, background } });

/** Random noise, so encoders cannot squeeze the image to nothing. */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

/** A width x height image whose left half is red and right half blue. */
async function halves(width: number, height: number) {
  const right = await solid(width / 2, height, BLUE)
    .png()
    .toBuffer();
  return solid(width, height, RED).composite([{ input: right, left: width / 2, top: 0 }]);
}

async function pixel(webp: Buffer, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i] ?? -1, g: data[i + 1] ?? -1, b: data[i + 2] ?? -1 };
}

function expectColour(actual: Rgb, expected: Rgb) {
  for (const key of ['r', 'g', 'b'] as const) {
    expect(Math.abs(actual[key] - expected[key]), `${key} of ${JSON.stringify(actual)}`).toBeLessThan(40);
  }
}

function isWebp(buf: Buffer) {
  return buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP';
}

/** Processes `input` and checks the invariants every avatar must hold. */
async function avatarOf(input: Buffer) {
  const out = await processAvatar(input);
  expect(isWebp(out)).toBe(true);
  const meta = await sharp(out).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBe(meta.height);
  expect(meta.width).toBeLessThanOrEqual(512);
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.hasProfile).toBe(false);
  expect(meta.orientation).toBeUndefined();
  return { out, meta };
}

async function rejection(input: Buffer) {
  const err = await processAvatar(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'processAvatar should have refused the input').toBeInstanceOf(Error);
  return err as Error & { statusCode?: number };
}

/** Rewrites a PNG's IHDR to declare another size (with a valid CRC). */
function withDeclaredSize(png: Buffer, width: number, height: number) {
  const out = Buffer.from(png);
  // Signature (8) + length (4) + "IHDR" (4), then width and height.
  expect(out.subarray(12, 16).toString('latin1')).toBe('IHDR');
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

describe('processAvatar', () => {
  it('turns a JPEG into a square WebP of 512 px without EXIF, GPS, ICC or XMP', async () => {
    const input = await noise(1200, 900)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Snapper 3', Copyright: 'Someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 24/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '49/1 52/1 0/1',
        },
      })
      .withIccProfile('p3')
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .toBuffer();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif, 'the fixture must carry EXIF').toBeDefined();
    expect(inMeta.exif?.includes('PhoneCo')).toBe(true);
    expect(inMeta.icc, 'the fixture must carry ICC').toBeDefined();
    expect(inMeta.xmp, 'the fixture must carry XMP').toBeDefined();

    const { out, meta } = await avatarOf(input);
    expect(meta.width).toBe(512);
    expect(out.includes('PhoneCo')).toBe(false);
  });

  it('rotates by the EXIF orientation before cropping', async () => {
    // Stored 400x200, left half red; orientation 6 means "turn 90° clockwise
    // to view", so upright it is 200x400 with red on top.
    const input = await (await halves(400, 200)).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const { out, meta } = await avatarOf(input);
    expect(meta.width).toBe(200);
    expectColour(await pixel(out, 150, 20), RED);
    expectColour(await pixel(out, 150, 180), BLUE);
  });

  it('center-crops a wide 3000x1000 image to 512x512', async () => {
    // Red | blue halves: the centre crop must show both, split in the middle.
    const input = await (await halves(3000, 1000)).png().toBuffer();
    const { out, meta } = await avatarOf(input);
    expect(meta.width).toBe(512);
    expectColour(await pixel(out, 100, 256), RED);
    expectColour(await pixel(out, 412, 256), BLUE);
  });

  it('does not enlarge a small PNG, only crops it square', async () => {
    const input = await solid(100, 60).png().toBuffer();
    const { meta } = await avatarOf(input);
    expect(meta.width).toBe(60);
  });

  it('accepts a WebP and keeps alpha', async () => {
    const input = await sharp({
      create: { width: 800, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .webp()
      .toBuffer();
    const { meta } = await avatarOf(input);
    expect(meta.width).toBe(512);
    expect(meta.hasAlpha).toBe(true);
  });

  it('accepts a plain GIF', async () => {
    const input = await solid(64, 64, BLUE).gif().toBuffer();
    const { out, meta } = await avatarOf(input);
    expect(meta.width).toBe(64);
    expectColour(await pixel(out, 32, 32), BLUE);
  });

  it('takes the first frame of an animated GIF', async () => {
    const frames = await Promise.all([solid(80, 80, RED).png().toBuffer(), solid(80, 80, BLUE).png().toBuffer()]);
    const input = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(input).metadata()).pages).toBe(2);

    const { out, meta } = await avatarOf(input);
    expect(meta.width).toBe(80);
    expect(meta.pages ?? 1).toBe(1);
    expectColour(await pixel(out, 40, 40), RED);
  });

  describe('refuses', () => {
    it('SVG text with 415', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      );
      const err = await rejection(svg);
      expect(err).toBeInstanceOf(UnsupportedMediaTypeError);
      expect(err.statusCode).toBe(415);
    });

    it('an SVG with an XML prolog with 415', async () => {
      const svg = Buffer.from(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      );
      expect((await rejection(svg)).statusCode).toBe(415);
    });

    it('HTML text with 415', async () => {
      const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
      const err = await rejection(html);
      expect(err).toBeInstanceOf(UnsupportedMediaTypeError);
      expect(err.statusCode).toBe(415);
    });

    it('random bytes with 415', async () => {
      const bytes = randomBytes(4096);
      bytes[0] = 0; // no accidental magic number
      expect((await rejection(bytes)).statusCode).toBe(415);
    });

    it('an image format sharp can read but we do not accept (TIFF) with 415', async () => {
      const tiff = await solid(10, 10).tiff().toBuffer();
      expect((await rejection(tiff)).statusCode).toBe(415);
    });

    it('a truncated JPEG with 400', async () => {
      const jpeg = await noise(600, 600).jpeg({ quality: 90 }).toBuffer();
      const err = await rejection(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
      expect(err).toBeInstanceOf(BadRequestError);
      expect(err.statusCode).toBe(400);
    });

    it('a PNG signature followed by garbage with 400', async () => {
      const png = await solid(10, 10).png().toBuffer();
      const garbage = Buffer.concat([png.subarray(0, 8), randomBytes(200)]);
      expect((await rejection(garbage)).statusCode).toBe(400);
    });

    it('a real 6000x6000 PNG (a decompression bomb of a few KB) with 413', async () => {
      const bomb = await solid(6000, 6000).png({ compressionLevel: 9 }).toBuffer();
      expect(bomb.length).toBeLessThan(200_000);
      const err = await rejection(bomb);
      expect(err).toBeInstanceOf(PayloadTooLargeError);
      expect(err.statusCode).toBe(413);
    });

    it('a small PNG whose header declares 10000x10000 with 413', async () => {
      const liar = withDeclaredSize(await solid(16, 16).png().toBuffer(), 10_000, 10_000);
      const err = await rejection(liar);
      expect(err).toBeInstanceOf(PayloadTooLargeError);
      expect(err.statusCode).toBe(413);
    });

    it('a small GIF whose frame declares 6000x6000 with 413', async () => {
      const gif = Buffer.from(await solid(16, 16).gif().toBuffer());
      // The decoder sizes the image by the first frame's descriptor (0x2C,
      // then left, top, width, height as little-endian 16-bit values).
      const desc = gif.indexOf(0x2c, 13);
      gif.writeUInt16LE(6000, desc + 5);
      gif.writeUInt16LE(6000, desc + 7);
      const err = await rejection(gif);
      expect(err).toBeInstanceOf(PayloadTooLargeError);
      expect(err.statusCode).toBe(413);
    });
  });
});

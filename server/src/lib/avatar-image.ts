import pLimit from 'p-limit';
import type { Metadata, ResizeOptions, Sharp, SharpOptions } from 'sharp';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors';
import { msg } from './messages';

/**
 * Re-encoding of uploaded images: avatars and film posters (docs/catalogue.md
 * "Posters"), one pipeline with one set of checks. sharp (libvips, a native
 * module) is loaded at the first upload rather than at start, which it would
 * slow for a rare operation; its global settings are made here, once, before
 * its first use. `imageLimit` bounds how many images are processed at once.
 */

// Each decode may take ~100 MB for a 25 MP image: two at a time, avatars and posters together, bounds memory under a burst.
export const imageLimit = pLimit(2);

let loadingSharp: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;

/** sharp, loaded once: one libvips thread per image and no decoded-image cache, as avatars are rare and memory matters more. */
function loadSharp() {
  loadingSharp ??= import('sharp').then((m) => {
    const sharp = m.default;
    sharp.concurrency(1);
    sharp.cache(false);
    return (input: Buffer, options: SharpOptions) => sharp(input, options);
  });
  return loadingSharp;
}

/** The most pixels (width x height) an avatar upload may declare. */
export const MAX_AVATAR_PIXELS = 25_000_000;
/** The longest side of a stored avatar. */
export const AVATAR_SIZE = 512;
/** The widest a stored poster is; its height follows the upload's aspect ratio. */
export const POSTER_WIDTH = 780;
/**
 * The tallest a stored poster is: four widths, far past any poster's shape, so that a strip of
 * 25 megapixels (100 x 250,000) is shrunk rather than failing WebP's 16,383-pixel limit.
 */
export const POSTER_MAX_HEIGHT = 4 * POSTER_WIDTH;

/** The texts an upload's refusals are told with (lib/messages.ts `avatar`, `poster`). */
export interface ImageTexts {
  empty: string;
  unsupported: string;
  tooManyPixels: string;
  corrupt: string;
}

/** How the stored image is shaped from the upright upload: a cropped square, or a width cap. */
type Shape = { square: number } | { maxWidth: number; maxHeight: number };

type AllowedFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/**
 * Judges the type by the first bytes, before sharp sees the data: libvips can
 * decode far more (SVG, PDF, TIFF, HEIF, ...) than we want to expose to
 * untrusted input, and SVG/HTML must never be treated as an image.
 */
function sniffFormat(input: Buffer): AllowedFormat | undefined {
  const ascii = (start: number, end: number) => input.subarray(start, end).toString('latin1');
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.length >= 8 && input.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (input.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (input.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const isPixelLimitError = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** Turns an uploaded image into a square WebP of at most 512 px, without metadata. */
export const processAvatar = (input: Buffer): Promise<Buffer> =>
  processImage(input, { square: AVATAR_SIZE }, msg.avatar);

/** Turns an uploaded poster into a WebP at most 780 px wide, its aspect ratio kept, without metadata. */
export const processPoster = (input: Buffer): Promise<Buffer> =>
  processImage(input, { maxWidth: POSTER_WIDTH, maxHeight: POSTER_MAX_HEIGHT }, msg.poster);

/** Checks an uploaded image and re-encodes it as a WebP of the given shape, without metadata. */
async function processImage(input: Buffer, shape: Shape, texts: ImageTexts): Promise<Buffer> {
  // An empty file is no image of any type: said as such, not as a type we do not take.
  if (input.length === 0) throw new BadRequestError(texts.empty);
  const format = sniffFormat(input);
  if (!format) throw new UnsupportedMediaTypeError(texts.unsupported);

  // limitInputPixels also guards the decode itself, so a header that lies
  // about its size cannot make libvips allocate more than the limit.
  // failOn 'error' refuses truncated or corrupt pixel data instead of padding
  // it with grey; pages 1 takes only the first frame of an animation.
  const options = {
    limitInputPixels: MAX_AVATAR_PIXELS,
    failOn: 'error',
    pages: 1,
    page: 0,
  } as const;

  // Only the header is read here: the pixel count is checked before any
  // decoding, so a small file that declares a huge image (a decompression
  // bomb) is refused without allocating its pixels.
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (err) {
    if (isPixelLimitError(err)) throw new PayloadTooLargeError(texts.tooManyPixels);
    throw new BadRequestError(texts.corrupt);
  }
  if (meta.format !== format) throw new UnsupportedMediaTypeError(texts.unsupported);
  const { width, height } = meta;
  if (!width || !height) throw new BadRequestError(texts.corrupt);
  if (width * height > MAX_AVATAR_PIXELS) throw new PayloadTooLargeError(texts.tooManyPixels);

  // Sizes are of the image as it will be shown (after EXIF rotation); small
  // images are never enlarged. An avatar is cropped to a square of its shorter
  // side, capped; a poster keeps its ratio within its box.
  const upright = meta.autoOrient ?? { width, height };
  let resize: ResizeOptions;
  if ('square' in shape) {
    const side = Math.min(upright.width, upright.height, shape.square);
    resize = { width: side, height: side, fit: 'cover', position: 'centre' };
  } else {
    resize = { width: shape.maxWidth, height: shape.maxHeight, fit: 'inside', withoutEnlargement: true };
  }

  try {
    // No keepMetadata/withMetadata: sharp writes no EXIF, ICC or XMP unless
    // asked, which is what drops location data from phone photos.
    return await sharp(input, { ...options, autoOrient: true })
      .resize(resize)
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (isPixelLimitError(err)) throw new PayloadTooLargeError(texts.tooManyPixels);
    throw new BadRequestError(texts.corrupt);
  }
}

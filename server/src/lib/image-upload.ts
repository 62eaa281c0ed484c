import type { MultipartFile } from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@kinodost/contracts/limits';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, BadRequestError, PayloadTooLargeError } from './errors';
import { msg } from './messages';

/**
 * Reading an uploaded image (an avatar, a film's poster) from a multipart form; the bytes then
 * go to lib/avatar-image.ts. The texts of each kind are lib/messages.ts `avatar` and `poster`.
 */
export interface UploadTexts {
  missing: string;
  tooLarge: string;
  oneFile: string;
  corrupt: string;
}

/** The largest image file accepted (app.ts gives @fastify/multipart the same fileSize limit). */
export const MAX_UPLOAD_BYTES = IMAGE_MAX_BYTES;
export const MAX_AVATAR_BYTES = MAX_UPLOAD_BYTES;
/** Room for the multipart boundaries and part headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * onRequest hook: a body that declares more than the limit is refused from its
 * Content-Length alone, before a byte of it is read.
 */
export const refuseOversizeUpload =
  (texts: Pick<UploadTexts, 'tooLarge'>, maxBytes = MAX_UPLOAD_BYTES) =>
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const declared = Number(request.headers['content-length']);
    if (declared > maxBytes + FORM_OVERHEAD_BYTES) throw new PayloadTooLargeError(texts.tooLarge);
  };
export const refuseOversizeAvatar = refuseOversizeUpload(msg.avatar);
export const refuseOversizePoster = refuseOversizeUpload(msg.poster);

/**
 * Reads one file part, failing as soon as it passes the size limit. (The
 * plugin's own toBuffer() only fails at the end of the part, so a chunked body
 * without a length would be read to its end first.)
 */
function readFilePart(request: FastifyRequest, part: MultipartFile, texts: UploadTexts): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    // A body that ends inside the file (no closing boundary) leaves the part neither ended nor
    // failed: once the whole request is in, the part has a moment to end, then it is refused.
    let cutOff: NodeJS.Timeout | undefined;
    const watchEnd = () => {
      cutOff = setTimeout(() => {
        part.file.destroy();
        reject(new BadRequestError(texts.corrupt));
      }, END_GRACE_MS);
    };
    if (request.raw.readableEnded) watchEnd();
    else request.raw.once('end', watchEnd);
    const settle = () => {
      clearTimeout(cutOff);
      request.raw.off('end', watchEnd);
    };
    part.file.once('end', settle);
    part.file.once('error', settle);
    part.file.once('close', settle);
    part.file.on('data', (chunk: Buffer) => chunks.push(chunk));
    part.file.once('limit', () => {
      chunks = [];
      reject(new PayloadTooLargeError(texts.tooLarge));
    });
    part.file.once('end', () => resolve(Buffer.concat(chunks)));
    part.file.once('error', reject);
    // Destroyed without an error (the client went away): never leave the handler waiting.
    part.file.once('close', () => {
      if (!part.file.readableEnded) reject(new BadRequestError(texts.corrupt));
    });
  });
}

/** How long a file part may take to end once its request has arrived whole. */
const END_GRACE_MS = 1000;

const isFilesLimit = (err: unknown) => (err as { code?: unknown })?.code === 'FST_FILES_LIMIT';
const isFileTooLarge = (err: unknown) => (err as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The bytes and name of the form's one file field `field`, at most maxBytes. The whole form is
 * read, so a second file is noticed (and refused) instead of being silently ignored.
 */
export async function readOneFile(
  request: FastifyRequest,
  field: string,
  texts: UploadTexts,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<{ bytes: Buffer; filename: string }> {
  let data: { bytes: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      if (data) throw new BadRequestError(texts.oneFile);
      if (part.fieldname !== field) throw new BadRequestError(texts.missing);
      data = { bytes: await readFilePart(request, part, texts), filename: part.filename };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // app.ts allows one file per request; the plugin reports the second as a limit.
    if (isFilesLimit(err)) throw new BadRequestError(texts.oneFile);
    // The plugin's own size limit may report first; it names no kind, so it is told with this one's text.
    if (isFileTooLarge(err)) throw new PayloadTooLargeError(texts.tooLarge);
    // The multipart plugin's own refusals carry their status (not a form at all: 415).
    if (typeof (err as { statusCode?: unknown })?.statusCode === 'number') throw err;
    // What the form's parser itself says (no boundary, a part cut short) is a broken upload.
    throw new BadRequestError(texts.corrupt);
  }
  if (!data) throw new BadRequestError(texts.missing);
  return data;
}

/** The bytes of the form's one image field `field`. */
export const readImageUpload = async (request: FastifyRequest, field: string, texts: UploadTexts): Promise<Buffer> =>
  (await readOneFile(request, field, texts)).bytes;

/** The bytes of the form's one file field `avatar`. */
export const readAvatarUpload = (request: FastifyRequest) => readImageUpload(request, 'avatar', msg.avatar);
/** The bytes of the form's one file field `poster`. */
export const readPosterUpload = (request: FastifyRequest) => readImageUpload(request, 'poster', msg.poster);

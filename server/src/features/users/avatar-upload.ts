import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError, PayloadTooLargeError } from '../../lib/errors';
import { msg } from '../../lib/messages';

/** The largest avatar file accepted (app.ts gives @fastify/multipart the same fileSize limit). */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * onRequest hook: a body that declares more than the limit is refused from its
 * Content-Length alone, before a byte of it is read.
 */
export async function refuseOversizeAvatar(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_AVATAR_BYTES + FORM_OVERHEAD_BYTES) throw new PayloadTooLargeError(msg.avatar.tooLarge);
}

/**
 * Reads one file part, failing as soon as it passes the size limit. (The
 * plugin's own toBuffer() only fails at the end of the part, so a chunked body
 * without a length would be read to its end first.)
 */
function readFilePart(part: MultipartFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    part.file.on('data', (chunk: Buffer) => chunks.push(chunk));
    part.file.once('limit', () => {
      chunks = [];
      reject(new PayloadTooLargeError(msg.avatar.tooLarge));
    });
    part.file.once('end', () => resolve(Buffer.concat(chunks)));
    part.file.once('error', reject);
    // Destroyed without an error (the client went away): never leave the handler waiting.
    part.file.once('close', () => {
      if (!part.file.readableEnded) reject(new BadRequestError(msg.avatar.corrupt));
    });
  });
}

const isFilesLimit = (err: unknown) => (err as { code?: unknown })?.code === 'FST_FILES_LIMIT';

/**
 * The bytes of the form's one file field `avatar`. The whole form is read, so a
 * second file is noticed (and refused) instead of being silently ignored.
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (data) throw new BadRequestError(msg.avatar.oneFile);
      if (part.fieldname !== 'avatar') throw new BadRequestError(msg.avatar.missing);
      data = await readFilePart(part);
    }
  } catch (err) {
    // app.ts allows one file per request; the plugin reports the second as a limit.
    if (isFilesLimit(err)) throw new BadRequestError(msg.avatar.oneFile);
    throw err;
  }
  if (!data) throw new BadRequestError(msg.avatar.missing);
  return data;
}

import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * Reads at most `cap` bytes of a response body (decoded, when the server compressed it although we
 * did not ask), then stops and drops the connection: a huge or endless page costs at most `cap`.
 */
export async function readCapped(
  body: Readable,
  contentEncoding: string | undefined,
  cap: number,
): Promise<{ body: Buffer; truncated: boolean }> {
  const decoder = decoderFor(contentEncoding);
  const source: Readable = decoder ? body.pipe(decoder) : body;
  if (decoder) body.on('error', (error) => decoder.destroy(error));
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  try {
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      if (total + buffer.length > cap) {
        chunks.push(buffer.subarray(0, cap - total));
        total = cap;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      total += buffer.length;
    }
  } finally {
    if (!body.readableEnded) body.destroy();
    decoder?.destroy();
  }
  return { body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total), truncated };
}

function decoderFor(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}

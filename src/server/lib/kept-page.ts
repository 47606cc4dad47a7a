// A page kept compressed once (issue 33, decision 0075). Everything of a page but its last few hundred bytes is the
// same for everyone who is sent it: that part is deflated once, flushed to a byte boundary and kept. Each reply adds
// its own tail (who is signed in, then `</body></html>`) as an uncompressed block, so a gzip reply costs a copy and a
// CRC of the tail, never a compression; a client that does not accept gzip gets the inflated bytes.
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/** gzip's member header: deflate, no name or time, unknown OS (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The most one stored deflate block may carry (RFC 1951 §3.2.4). */
const STORED_MAX = 0xffff;

/** `bytes` as stored (uncompressed) deflate blocks, the last one final; the stream before ends on a byte boundary. */
function storedBlocks(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  do {
    const length = Math.min(STORED_MAX, bytes.length - offset);
    const last = offset + length >= bytes.length;
    const header = Buffer.alloc(5);
    header[0] = last ? 1 : 0;
    header.writeUInt16LE(length, 1);
    header.writeUInt16LE(~length & 0xffff, 3);
    parts.push(header, bytes.subarray(offset, offset + length));
    offset += length;
  } while (offset < bytes.length);
  return Buffer.concat(parts);
}

export class KeptPage {
  private constructor(
    /** The shared part, raw deflate, ended by a sync flush (no final block). */
    readonly deflated: Buffer,
    /** The shared part's CRC-32 and length, which the gzip trailer continues from. */
    private readonly crc: number,
    readonly length: number,
  ) {}

  /** The shared part of a page, compressed once. */
  static of(shared: string, level = 6): KeptPage {
    const bytes = Buffer.from(shared, 'utf8');
    const deflated = deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH });
    return new KeptPage(deflated, crc32(bytes), bytes.length);
  }

  /** What it keeps in memory. */
  get bytes(): number {
    return this.deflated.length;
  }

  /** The whole page as one gzip member: the kept part, then the tail stored as it is. */
  gzip(tail: Buffer): Buffer {
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(tail, this.crc), 0);
    trailer.writeUInt32LE((this.length + tail.length) >>> 0, 4);
    return Buffer.concat([GZIP_HEADER, this.deflated, storedBlocks(tail), trailer]);
  }

  /** The shared part as it was given. */
  inflate(): Buffer {
    return inflateRawSync(this.deflated, { finishFlush: constants.Z_SYNC_FLUSH });
  }
}

/** Whether an Accept-Encoding header accepts gzip (a q of 0 refuses it; `*` accepts it unless gzip is refused). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') star = accepted;
  }
  return star;
}

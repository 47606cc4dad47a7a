// Certificates (gas safety record, EICR, EPC, licence...): a PDF or a picture, checked by its bytes, never its name
// or claimed type. PDFs are kept as sent (a certificate must stay legible and signed); pictures are re-encoded as JPEG
// without metadata, as photos are. Kept under certificates/<property id>/, which /media/ refuses (serve.ts): they go
// out only through GET /api/properties/{id}/compliance/{recordId}/certificate, to those who may see the home.
import { CERTIFICATE_MAX_BYTES, COMPLIANCE_MESSAGES, type TCertificate } from '../../../domain/compliance';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import type { AppContext } from '../../context';
import { randomToken } from '../../lib/crypto';
import { loadSharp, sniffImage } from '../../media/images';
import { SHARP_OPTIONS } from '../../media/photo-collection';
import { assertUploadAllowed, recordUpload } from '../../media/uploads';
import { mediaRef } from '../../media/urls';
import type { SessionUser } from '../../plugins/sessions';
import { setCertificate } from './queries';
import { assertMayRecord, ownRecordLocked } from './service';

export const CERTIFICATES_FOLDER = 'certificates';

/** A PDF starts with `%PDF-` (ISO 32000-1 §7.5.2), allowing for a little leading junk as readers do. */
export function looksLikePdf(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString('latin1');
  return head.includes('%PDF-') && bytes.subarray(-2048).toString('latin1').includes('%%EOF');
}

/** A file name safe for a Content-Disposition header and a page: letters, digits, spaces, `.`, `_` and `-`. */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = (name ?? '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${base || 'certificate'}.${extension}`;
}

async function asStored(bytes: Buffer): Promise<{ body: Buffer; type: string; extension: string }> {
  if (bytes.length > CERTIFICATE_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', COMPLIANCE_MESSAGES.tooLarge);
  if (looksLikePdf(bytes)) return { body: bytes, type: 'application/pdf', extension: 'pdf' };
  try {
    await sniffImage(bytes);
    const sharp = await loadSharp();
    const body = await sharp(bytes, SHARP_OPTIONS)
      .rotate()
      .resize({ width: 3000, height: 3000, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer();
    return { body, type: 'image/jpeg', extension: 'jpg' };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', COMPLIANCE_MESSAGES.fileType);
  }
}

/**
 * POST /api/properties/{id}/compliance/{recordId}/certificate: the landlord attaches (or replaces) the record's
 * certificate. Who may is checked before the file is read; the old file goes after the commit.
 */
export async function attachCertificate(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
  recordId: string,
  readFile: () => Promise<{ bytes: Buffer; name: string | undefined }>,
): Promise<TCertificate> {
  const userId = actor.user.id;
  await assertMayRecord(ctx, userId, propertyId);
  await ctx.db.transaction((tx) => ownRecordLocked(tx, userId, propertyId, recordId));
  await assertUploadAllowed(ctx, userId);
  const file = await readFile();
  const stored = await asStored(file.bytes);
  const key = `${CERTIFICATES_FOLDER}/${propertyId}/${randomToken(16)}.${stored.extension}`;
  await ctx.storage.put(key, stored.body, stored.type);
  // Counted against the daily upload limit; the clean-up leaves this folder's files alone (no remover for it).
  await recordUpload(ctx, userId, CERTIFICATES_FOLDER, mediaRef(key));
  const name = cleanFileName(file.name, stored.extension);
  let replaced: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await ownRecordLocked(tx, userId, propertyId, recordId);
      replaced = row.certificateKey;
      await setCertificate(
        tx,
        row.id,
        { key, name, type: stored.type, bytes: stored.body.length },
        ctx.now(),
      );
    });
  } catch (err) {
    await ctx.storage.remove(key).catch(() => {});
    throw err;
  }
  if (replaced)
    await ctx.storage
      .remove(replaced)
      .catch((err) => ctx.log.warn({ err }, 'could not remove a certificate'));
  return {
    url: `/api/properties/${propertyId}/compliance/${recordId}/certificate`,
    name,
    contentType: stored.type,
    size: stored.body.length,
  };
}

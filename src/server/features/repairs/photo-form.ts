// A repair form with photos (a report, the finished work): a JSON body, or a multipart form's text fields and up to
// `max` files in "photos". More than the limit is refused unread; a file over 5 MB is a 413 (plugins/errors.ts).
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../domain/errors';

export interface RepairForm {
  fields: unknown;
  photos: Buffer[];
}

export async function readPhotoForm(
  request: FastifyRequest,
  limit: { max: number; tooMany: string; photoField: string },
): Promise<RepairForm> {
  if (!request.isMultipart()) return { fields: request.body, photos: [] };
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'photos') {
      part.file.resume();
      throw new AppError('VALIDATION_FAILED', limit.photoField, { photos: [limit.photoField] });
    }
    if (photos.length >= limit.max) {
      part.file.resume();
      throw new AppError('VALIDATION_FAILED', limit.tooMany, { photos: [limit.tooMany] });
    }
    const bytes = await part.toBuffer();
    if (bytes.length > 0) photos.push(bytes);
  }
  return { fields, photos };
}

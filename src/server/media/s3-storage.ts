// The S3 store (decision 0041): photos in a bucket on AWS S3, Cloudflare R2, MinIO or anything else that speaks S3,
// through AWS SDK v3. Imported only when MEDIA_STORE=s3 (./storage.ts), so a local site never loads the SDK.
//
// Checksums are computed and checked only where S3 requires them: since 3.729 the SDK adds CRC32 checksums to every
// upload and asks for them on every download by default, which services other than AWS (R2, MinIO of before
// 2025, s3rver in the tests) refuse or do not send. TLS already protects the bytes on the way.
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { AppError } from '../../domain/errors';
import type { S3Settings } from '../config';
import { assertMediaKey, describeBucket, type MediaStorage } from './storage';

/** What a bucket's public address or a CDN may do with an object: keys never change, so keep it for a year. */
export const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const PHOTOS_UNAVAILABLE = 'Photos cannot be reached at the moment. Please try again in a moment.';

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * What went wrong, for the log: the SDK's own error carries the signed request (its Authorization header, with the
 * access key id), which must not reach a log, so only its name, status, code and message are kept.
 */
export function failureOf(err: unknown): Error {
  const e = err as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e?.$metadata?.httpStatusCode;
  const code = e?.code && e.code !== e.name ? ` ${e.code}` : '';
  return new Error(`${e?.name ?? 'Error'}${status ? ` ${status}` : ''}${code}: ${e?.message ?? String(err)}`);
}

/** A store that fails (unreachable, refusing) is a 503 to the client. */
function unavailable(err: unknown): AppError {
  const error = new AppError('UNAVAILABLE', PHOTOS_UNAVAILABLE);
  error.cause = failureOf(err);
  return error;
}

export function createS3Storage(s3: S3Settings): MediaStorage {
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering holds a request for seconds, not for ever (the SDK retries twice more).
    requestHandler: { connectionTimeout: 3000, requestTimeout: 20_000 },
  });
  const Bucket = s3.bucket;

  const call = async <T>(send: () => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (err) {
      throw unavailable(err);
    }
  };

  return {
    kind: 's3',
    location: describeBucket(s3),
    async put(key, body, contentType) {
      assertMediaKey(key);
      await call(() =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: OBJECT_CACHE_CONTROL,
          }),
        ),
      );
    },
    async get(key) {
      assertMediaKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
          etag: object.ETag ?? '',
          lastModified: object.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw unavailable(err);
      }
    },
    async exists(key) {
      assertMediaKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw unavailable(err);
      }
    },
    async remove(key) {
      assertMediaKey(key);
      // S3 answers 204 for a key that is not there.
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    async *list(prefix = '') {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix || undefined }))
          for (const object of page.Contents ?? [])
            if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      } catch (err) {
        throw unavailable(err);
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw new Error(
          `The media store ${describeBucket(s3)} cannot be used (${failureOf(err).message}): check S3_BUCKET, S3_ENDPOINT, S3_REGION and the access keys`,
        );
      }
    },
    close() {
      client.destroy();
    },
  };
}

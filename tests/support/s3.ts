// A real S3-protocol server for tests and the fleet test: s3rver (npm), in a process of its own on a free loopback
// port (./s3rver-process.mjs), keeping its buckets in a temporary folder that goes when it stops. The app's S3
// store speaks to it through AWS SDK v3 exactly as it would to AWS S3, R2 or MinIO (decision 0041: moto's server
// would need PyPI, which is out of reach here).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROCESS = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

/** The one access key s3rver knows (any other is refused with InvalidAccessKeyId; it does not check v4 signatures). */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3Server {
  endpoint: string;
  /** Buckets made at start. */
  buckets: string[];
  /** The environment an app needs for MEDIA_STORE=s3 on `bucket` (the first by default). */
  env(bucket?: string): Record<string, string>;
  /** Where anyone may read an object of `bucket` without signing: the bucket's public address. */
  publicUrl(bucket?: string): string;
  /** Its folder of buckets (kept until close). */
  directory: string;
  /** Stops the server (its open connections too) and removes its folder. */
  close(): Promise<void>;
}

function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`s3rver exited with ${code} before listening: ${err.trim()}`)),
    );
  });
}

export async function startS3Server(options: { buckets?: string[]; port?: number } = {}): Promise<S3Server> {
  const buckets = options.buckets ?? ['yp-media'];
  const directory = await mkdtemp(path.join(os.tmpdir(), 'yp-s3rver-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', PROCESS, JSON.stringify({ directory, buckets, port: options.port ?? 0 })],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await waitForPort(child);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    buckets,
    directory,
    env: (bucket = buckets[0]) => ({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    }),
    publicUrl: (bucket = buckets[0]) => `${endpoint}/${bucket}`,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

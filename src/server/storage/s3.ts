import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type FileStorage } from './storage';

export interface S3Options {
  /** e.g. http://127.0.0.1:9000 (MinIO); absent = AWS S3 in `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
}

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Files in an S3-compatible object store (AWS S3, MinIO, R2, …), shared by every instance. */
export function createS3Storage(options: S3Options): FileStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  const urlOf = (key: string) => {
    assertSafeKey(key);
    const url = new URL(endpoint);
    const base = url.pathname.replace(/\/$/, '');
    if (options.forcePathStyle) url.pathname = `${base}/${options.bucket}/${key}`;
    else {
      url.hostname = `${options.bucket}.${url.hostname}`;
      url.pathname = `${base}/${key}`;
    }
    return url.toString();
  };
  const fail = async (what: string, key: string, res: Response): Promise<never> => {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    throw new Error(`S3 ${what} ${key}: HTTP ${res.status} ${code}`.trim());
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      // Uploads are small and bounded; a signed single PUT needs the length up front.
      const bytes = await toBuffer(body);
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
      });
      if (!res.ok) await fail('put', key, res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await client.fetch(urlOf(key), { method: 'GET' });
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) return fail('get', key, res);
      return {
        stream: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        size: Number(res.headers.get('content-length') ?? 0),
      };
    },
    async delete(key) {
      const res = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) await fail('delete', key, res);
      await res.arrayBuffer();
    },
    async exists(key) {
      const res = await client.fetch(urlOf(key), { method: 'HEAD' });
      if (res.status === 404) return false;
      if (!res.ok) return fail('head', key, res);
      return true;
    },
  };
}

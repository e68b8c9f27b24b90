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
  /** The bucket's own address (a listing's). */
  const bucketUrl = () => {
    const url = new URL(endpoint);
    const base = url.pathname.replace(/\/$/, '');
    if (options.forcePathStyle) url.pathname = `${base}/${options.bucket}`;
    else {
      url.hostname = `${options.bucket}.${url.hostname}`;
      url.pathname = `${base}/`;
    }
    return url;
  };
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
    async *list() {
      // ListObjectsV2, a page (up to 1,000 keys) at a time.
      let token: string | undefined;
      do {
        const url = bucketUrl();
        url.searchParams.set('list-type', '2');
        if (token) url.searchParams.set('continuation-token', token);
        const res = await client.fetch(url.toString(), { method: 'GET' });
        if (!res.ok) await fail('list', options.bucket, res);
        const xml = await res.text();
        for (const [, item] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = xmlText(/<Key>([\s\S]*?)<\/Key>/.exec(item!)?.[1] ?? '');
          const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(item!)?.[1];
          const size = /<Size>(\d+)<\/Size>/.exec(item!)?.[1];
          if (key) yield { key, size: Number(size ?? 0), modifiedAt: new Date(modified ?? 0) };
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : undefined;
      } while (token);
    },
  };
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};
/** Text of an XML element (the five named entities and numeric ones decoded). */
function xmlText(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (entity) =>
    entity[1] === '#'
      ? String.fromCodePoint(
          entity[2] === 'x' || entity[2] === 'X'
            ? Number.parseInt(entity.slice(3, -1), 16)
            : Number.parseInt(entity.slice(2, -1), 10),
        )
      : (ENTITIES[entity] ?? entity),
  );
}

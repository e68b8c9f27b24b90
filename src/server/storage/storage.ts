import type { Readable } from 'node:stream';

/** A stored file as read back. */
export interface StoredFile {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * Where files (uploads, exports, backups) are kept. Keys are relative paths of `[A-Za-z0-9._-]`
 * segments joined by `/`; every instance behind a load balancer must see the same files, so the
 * driver is a shared store in such a setup (S3), the local folder otherwise.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the whole body under `key`, replacing what was there. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; no error when there was none. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every stored file (its key, size and last change), in no particular order, read a page at a
   * time: what the upload sweep walks. Files being written (not yet whole) are left out.
   */
  list(): AsyncIterable<ListedFile>;
}

/** A stored file as a listing names it. */
export interface ListedFile {
  key: string;
  size: number;
  modifiedAt: Date;
}

const SAFE_KEY = /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** Refuses keys that could leave the store's folder or bucket prefix. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

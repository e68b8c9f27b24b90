import { randomBytes } from 'node:crypto';

/** Image types accepted, by their content (never by name or declared type). SVG is refused: it can carry script. */
export const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Where a new image of the merchant's is stored (its URL is `/uploads/<key>`). */
export const keyFor = (merchantId: number, ext: string) =>
  `${merchantId}/${new Date().toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.${ext}`;

/** A size as people say it: 5 MB, 1.5 MB, 800 KB (1 MB = 1024 KB, as the limit is counted). */
export function sizeText(bytes: number): string {
  const round = (n: number) => String(Math.round(n * 10) / 10);
  return bytes >= 1024 * 1024 ? `${round(bytes / 1024 / 1024)} MB` : `${round(bytes / 1024)} KB`;
}

import { createInflateRaw } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Why a file is refused before it is parsed. */
export class UnpackError extends Error {
  constructor(
    readonly reason: 'too-large' | 'not-a-zip',
    message: string,
  ) {
    super(message);
  }
}

/** Bytes out of raw-deflate data starting at `data`, stopping past `budget` (answers budget + 1). */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    let done = false;
    const finish = (value: number | Error) => {
      if (done) return;
      done = true;
      inflate.destroy();
      if (value instanceof Error) reject(value);
      else resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) finish(budget + 1);
    });
    inflate.on('end', () => finish(size));
    inflate.on('error', () => finish(new UnpackError('not-a-zip', 'A packed part is damaged')));
    inflate.end(data);
  });
}

/**
 * The bytes an .xlsx (a zip) unpacks to, in total, counted by unpacking each part (the sizes the
 * zip declares can lie) and stopping as soon as the total passes `max`: a zip bomb costs at most
 * `max` bytes of inflating, in small chunks, never a buffer of that size. Throws UnpackError.
 */
export async function checkUnpackedSize(zip: Buffer, max: number): Promise<number> {
  // The end-of-central-directory record: within the last 64 KiB + 22 bytes (its comment).
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new UnpackError('not-a-zip', 'Not an .xlsx file');
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  let total = 0;
  const tooLarge = () =>
    new UnpackError(
      'too-large',
      `The spreadsheet unpacks to more than ${Math.round(max / 1024 / 1024)} MiB; split it into smaller files`,
    );
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL)
      throw new UnpackError('not-a-zip', 'Not an .xlsx file');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const declared = zip.readUInt32LE(at + 24);
    const local = zip.readUInt32LE(at + 42);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    // ZIP64 sizes (0xffffffff) are 4 GiB or more: far past any limit.
    if (declared === 0xffffffff || compressed === 0xffffffff || total + declared > max)
      throw tooLarge();
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL)
      throw new UnpackError('not-a-zip', 'Not an .xlsx file');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (method === 0) total += compressed;
    else if (method === 8) total += await inflatedSize(zip.subarray(start), max - total);
    else throw new UnpackError('not-a-zip', 'The file is packed in a way .xlsx files are not');
    if (total > max) throw tooLarge();
  }
  return total;
}

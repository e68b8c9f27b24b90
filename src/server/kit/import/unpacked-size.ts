import { crc32, createInflateRaw } from 'node:zlib';
import { type Message, message } from '../../../shared/messages';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Why a file is refused before it is parsed. */
export class UnpackError extends Error {
  constructor(
    readonly reason: 'too-large' | 'not-a-zip',
    readonly text: Message = message('import.notXlsx'),
  ) {
    super(text.key);
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
    inflate.on('error', () => finish(new UnpackError('not-a-zip', message('import.damaged'))));
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
  if (eocd < 0) throw new UnpackError('not-a-zip');
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  let total = 0;
  const tooLarge = () =>
    new UnpackError(
      'too-large',
      message('import.unpacksTooLarge', { mib: Math.round(max / 1024 / 1024) }),
    );
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL)
      throw new UnpackError('not-a-zip');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const declared = zip.readUInt32LE(at + 24);
    const local = zip.readUInt32LE(at + 42);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    // ZIP64 sizes (0xffffffff) are 4 GiB or more: far past any limit.
    if (declared === 0xffffffff || compressed === 0xffffffff || total + declared > max)
      throw tooLarge();
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL)
      throw new UnpackError('not-a-zip');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (method === 0) total += compressed;
    else if (method === 8) total += await inflatedSize(zip.subarray(start), max - total);
    else throw new UnpackError('not-a-zip', message('import.badPacking'));
    if (total > max) throw tooLarge();
  }
  return total;
}

const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const EMPTY_PARTS: Record<string, string> = {
  [SHARED_STRINGS]:
    '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
  [WORKBOOK_RELS]:
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
};

/** A stored (uncompressed) zip entry: its local part and its central directory record. */
function storedEntry(name: string, text: string, offset: number) {
  const content = Buffer.from(text);
  const nameBytes = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(LOCAL, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(CENTRAL, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(offset, 42);
  return {
    local: Buffer.concat([local, nameBytes, content]),
    central: Buffer.concat([central, nameBytes]),
  };
}

/**
 * The same .xlsx with its sheets moved after every other part (and an empty shared-strings and
 * workbook-relations part added when missing). Excel writes the sheets first; a streaming reader
 * that meets a sheet before the shared strings spools it to a temporary file, which an early stop
 * (the row limit, a bad cell) would leave behind with the merchant's data in it. Call after
 * checkUnpackedSize, which has checked the layout.
 */
export function sheetsLast(zip: Buffer): Buffer {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  const count = zip.readUInt16LE(eocd + 10);
  const directoryStart = zip.readUInt32LE(eocd + 16);
  const entries: { name: string; local: number; central: Buffer }[] = [];
  let at = directoryStart;
  for (let n = 0; n < count; n++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const length = 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      local: zip.readUInt32LE(at + 42),
      central: Buffer.from(zip.subarray(at, at + length)),
    });
    at += length;
  }
  // Each entry's bytes run to the next entry's (its data descriptor included).
  const starts = [...entries.map((e) => e.local), directoryStart].sort((a, b) => a - b);
  const span = (local: number) => zip.subarray(local, starts[starts.indexOf(local) + 1]);
  const names = new Set(entries.map((e) => e.name));
  const ordered = [
    ...entries.filter((e) => !WORKSHEET.test(e.name)),
    ...entries.filter((e) => WORKSHEET.test(e.name)),
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const add = (local: Buffer, central: Buffer) => {
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  };
  for (const [name, text] of Object.entries(EMPTY_PARTS)) {
    if (names.has(name)) continue;
    const entry = storedEntry(name, text, offset);
    add(entry.local, entry.central);
  }
  for (const entry of ordered) {
    entry.central.writeUInt32LE(offset, 42);
    add(span(entry.local), entry.central);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

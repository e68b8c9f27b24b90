import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../../shared/import';
import { products } from '../../db/schema/product';
import { csvChunks, csvRows, fromPieces } from '../../kit/import';
import { createTestApp, type TestApp } from '../../test-support';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ JOBS: 'off' });
  token = await t.login();
});
afterEach(() => t.close());

/** A menu of `rows` dishes, each with a long description (quoted: commas, quotes, breaks). */
function bigMenu(rows: number, size: number): Buffer {
  const text = '牛肉面，汤头浓郁, "手工"拉面\n'.repeat(Math.ceil(size / 20)).slice(0, size);
  const cell = `"${text.replace(/"/g, '""')}"`;
  const lines = ['name,price,description'];
  for (let i = 0; i < rows; i++) lines.push(`菜品${i},12.50,${cell}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/**
 * Sends a file to the data helper as a stream, and says when the stream has been read to its
 * end (from then on, the server has the whole file and is reading it).
 */
function sendImport(action: 'validate' | 'commit', file: Buffer) {
  const boundary = '----busy';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nproduct\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const parts: Buffer[] = [head];
  for (let at = 0; at < file.length; at += 1 << 20) parts.push(file.subarray(at, at + (1 << 20)));
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  const payload = Readable.from(parts);
  const sent = new Promise<void>((resolve) => payload.on('end', resolve));
  const answered = t.app.inject({
    method: 'POST',
    url: `/admin/import/${action}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  return { sent, answered };
}

/**
 * What another client asks while the import runs: the health check, a list, the health check
 * again, one after another (each starts when the one before has answered).
 */
async function otherRequests(): Promise<void> {
  for (const call of [
    () => t.app.inject({ method: 'GET', url: '/healthz' }),
    () => t.post('/admin/customer/list', {}, token),
    () => t.app.inject({ method: 'GET', url: '/healthz' }),
  ]) {
    const res = await call();
    expect(res.statusCode).toBe(200);
  }
}

describe('a large import does not hold up the server', () => {
  // About 19 MB: 20,000 rows of 420 characters of text (as in issue #43).
  const file = bigMenu(IMPORT_MAX_ROWS, 420);

  it('answers other requests while it validates a large CSV', async () => {
    expect(file.length).toBeGreaterThan(18_000_000);
    const order: string[] = [];
    const { sent, answered } = sendImport('validate', file);
    const done = answered.then((res) => {
      order.push('import');
      return res;
    });
    await sent;
    await otherRequests();
    order.push('others');
    const res = await done;
    expect(res.json().data).toMatchObject({ total: IMPORT_MAX_ROWS, valid: IMPORT_MAX_ROWS });
    // The others were answered while the file was still being read, not after.
    expect(order).toEqual(['others', 'import']);
  }, 120_000);

  it('answers other requests while it commits a large CSV, and writes every row', async () => {
    const rows = 4000;
    const order: string[] = [];
    const { sent, answered } = sendImport('commit', bigMenu(rows, 420));
    const done = answered.then((res) => {
      order.push('import');
      return res;
    });
    await sent;
    await otherRequests();
    order.push('others');
    const res = await done;
    expect(res.json().data, res.json().msg).toMatchObject({ imported: rows });
    expect(order).toEqual(['others', 'import']);
    expect(await t.db.$count(products)).toBe(rows);
  }, 120_000);
});

/** The reading before the rewrite, a character at a time: what every split must still give. */
function referenceRows(text: string): string[] {
  const out: string[] = [];
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const end = () => {
    cells.push(cell);
    out.push(cells.join('|'));
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      end();
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0) end();
  return out;
}

describe('CSV read piece by piece', () => {
  it('reads what the whole text reads, wherever the pieces are cut', async () => {
    const text =
      'a,b,c\r\n"x, y","say ""hi""\r\nagain",z\n,"",last\r\n"a""",b"c,"\r\n"\r\n\t,\t\n"q"""\n';
    const expected = referenceRows(text);
    expect([...csvRows(text)].map((r) => r.cells.join('|'))).toEqual(expected);
    // Every cut of the text in two and in three, fed to the reader as pieces.
    for (let a = 0; a <= text.length; a++)
      for (let b = a; b <= text.length; b += 3) {
        const pieces = [text.slice(0, a), text.slice(a, b), text.slice(b)];
        const rows: string[] = [];
        for await (const row of fromPieces(pieces)) rows.push(row.cells.join('|'));
        expect(rows, `cut at ${a}, ${b}`).toEqual(expected);
      }
  });

  it('decodes UTF-8 (a character across two pieces), and GB18030 when it is not UTF-8', () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('菜'.repeat(70_000))]);
    expect([...csvChunks(utf8)].join('')).toBe('菜'.repeat(70_000));
    const gb = Buffer.from([0xb2, 0xe8, 0x2c, 0x31]); // 茶,1 in GB18030
    expect([...csvChunks(gb)].join('')).toBe('茶,1');
  });
});

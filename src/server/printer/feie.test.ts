import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrinterDevice } from './adapter';
import { FEIE_ABNORMAL, FEIE_OFFLINE, FEIE_ONLINE, fakeFeie } from './fake-providers';
import { feieContent, feiePrinter, feieSig } from './feie';
import { renderCopies, textWidth } from './receipt';

const device: PrinterDevice = {
  id: 1,
  merchantId: 1,
  brand: 'feie',
  serial: '916500123',
  secretKey: 'abcd1234',
  status: 'offline',
};
const context = { printJobId: 42, ex: undefined as never };

let feie: Awaited<ReturnType<typeof fakeFeie>>;
beforeEach(async () => {
  feie = await fakeFeie();
});
afterEach(() => feie.close());
const adapter = () => feiePrinter({ user: feie.user, ukey: feie.ukey, apiUrl: feie.apiUrl });

describe('Feie Cloud printers', () => {
  it('signs with the lowercase hex SHA-1 of user + UKEY + stime', () => {
    expect(feieSig('shop@example.com', 'UKEY-test-1234', '1700000000')).toBe(
      'f6282374d5d4d634e1e34ae6f24fedcfb73cd2c1',
    );
  });

  it('prints the receipt once (its copies are in it), lines joined by <BR>, to the SN', async () => {
    feie.device(device.serial, device.secretKey, { added: true });
    const text = renderCopies(
      { title: '川味小馆', lines: [{ text: '宫保鸡丁', right: '32.00' }] },
      32,
      2,
    );
    expect(await adapter().print(device, text, context)).toEqual({ ok: true });
    expect(feie.prints).toEqual([{ sn: device.serial, content: feieContent(text), times: '1' }]);
    const sent = feie.calls.at(-1)!;
    expect(sent).toMatchObject({ user: feie.user, apiname: 'Open_printMsg' });
    expect(sent.sig).toBe(feieSig(feie.user, feie.ukey, sent.stime!));
    expect(Math.abs(Number(sent.stime) - Date.now() / 1000)).toBeLessThan(5);
    expect(feie.prints[0]!.content.split('<BR>').slice(0, 2)).toEqual([
      `${' '.repeat(12)}川味小馆`,
      '-'.repeat(32),
    ]);
  });

  it('reads the status sentence: online, offline, and abnormal as out of paper', async () => {
    feie.device(device.serial, device.secretKey, { added: true });
    const printer = adapter();
    expect(await printer.status(device, undefined as never)).toEqual({ online: true });
    feie.setStatus(device.serial, FEIE_OFFLINE);
    expect(await printer.status(device, undefined as never)).toEqual({ online: false });
    feie.setStatus(device.serial, FEIE_ABNORMAL);
    expect(await printer.status(device, undefined as never)).toEqual({
      online: false,
      problem: 'paperOut',
    });
    feie.setStatus(device.serial, FEIE_ONLINE);
    expect((await printer.status(device, undefined as never)).online).toBe(true);
  });

  it("answers Feie's refusal with its words; a wrong UKEY is refused by the signature check", async () => {
    feie.device(device.serial, device.secretKey, { added: true });
    feie.refuseNext(1002, '错误：打印机编号未添加。');
    expect(await adapter().print(device, 'x', context)).toEqual({
      ok: false,
      error: 'Feie Cloud: 错误：打印机编号未添加。',
    });
    const wrongKey = feiePrinter({ user: feie.user, ukey: 'not-the-ukey', apiUrl: feie.apiUrl });
    expect((await wrongKey.print(device, 'x', context)).error).toContain('签名不正确');
    // A status that cannot be read throws: the print job tries again later.
    await expect(wrongKey.status(device, undefined as never)).rejects.toThrow('签名不正确');
    expect(feie.prints).toEqual([]);
  });

  it('says the API is unreachable as a refusal, and as an error on status', async () => {
    await feie.close();
    const printer = adapter();
    const printed = await printer.print(device, 'x', context);
    expect(printed.ok).toBe(false);
    expect(printed.error).toMatch(/^Feie Cloud unreachable/);
    await expect(printer.status(device, undefined as never)).rejects.toThrow(/unreachable/);
    feie = await fakeFeie();
  });

  it("keeps a customer's note from becoming Feie markup, and the line its width", () => {
    const text = renderCopies(
      {
        title: 'Shop',
        lines: [
          { text: '备注: <少辣>', right: '1.00' },
          { text: 'note: <CUT><QR>http://x</QR>' },
          { text: 'a<BR>b' },
        ],
      },
      32,
      1,
    );
    const content = feieContent(text);
    expect(content).not.toMatch(/<(CUT|QR|\/QR)>/);
    expect(content).toContain('note: ＜CUT＞＜QR＞http://x＜/QR＞');
    expect(content.split('<BR>')).toContain('a＜BR＞b');
    // The amount stays at the right edge: the full-width brackets take a space each from the gap.
    const note = content.split('<BR>').find((line) => line.startsWith('备注'))!;
    expect(note).toMatch(/^备注: ＜少辣＞ +1\.00$/);
    expect(textWidth(note)).toBe(32);
  });

  it('adds a device to the account with its key; one already there is fine, a wrong key is refused', async () => {
    feie.device(device.serial, device.secretKey);
    const printer = adapter();
    const registration = { serial: device.serial, secretKey: device.secretKey, name: '前台#1' };
    expect(await printer.register!(registration)).toEqual({ ok: true });
    expect(feie.calls.at(-1)).toMatchObject({
      apiname: 'Open_printerAddlist',
      printerContent: `${device.serial}#${device.secretKey}#前台 1`,
    });
    expect(await printer.register!(registration)).toEqual({ ok: true });
    const refused = await printer.register!({ ...registration, secretKey: 'wrongkey' });
    expect(refused.ok).toBe(false);
    expect(refused.error).toContain('识别码不正确');
    expect(refused.error).not.toContain('wrongkey');
  });

  it('takes a device off the account by its SN; one not on it is fine', async () => {
    feie.device(device.serial, device.secretKey, { added: true });
    const printer = adapter();
    expect(await printer.unregister!(device.serial)).toEqual({ ok: true });
    expect(feie.calls.at(-1)).toMatchObject({
      apiname: 'Open_printerDelList',
      snlist: device.serial,
    });
    expect(feie.isAdded(device.serial)).toBe(false);
    expect(await printer.unregister!(device.serial)).toEqual({ ok: true });
    feie.refuseNext(1002, '参数错误 : 用户不存在。', 'Open_printerDelList');
    expect(await printer.unregister!(device.serial)).toEqual({
      ok: false,
      error: 'Feie Cloud: 参数错误 : 用户不存在。',
    });
  });
});

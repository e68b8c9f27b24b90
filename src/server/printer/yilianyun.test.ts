import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrinterDevice } from './adapter';
import { fakeYilianyun } from './fake-providers';
import { yilianyunContent, yilianyunPrinter, yilianyunSign } from './yilianyun';

const device: PrinterDevice = {
  id: 1,
  merchantId: 1,
  brand: 'yilianyun',
  serial: '4004123456',
  secretKey: 'msign-987',
  status: 'offline',
};
const context = { printJobId: 77, ex: undefined as never };
const ex = undefined as never;

let yly: Awaited<ReturnType<typeof fakeYilianyun>>;
let clock: number;
beforeEach(async () => {
  yly = await fakeYilianyun({ expiresIn: 3600 });
  clock = 1_700_000_000;
});
afterEach(() => yly.close());
const adapter = () =>
  yilianyunPrinter({
    clientId: yly.clientId,
    clientSecret: yly.clientSecret,
    apiUrl: yly.apiUrl,
    now: () => clock,
  });

describe('Yilianyun printers', () => {
  it('signs with the lowercase hex MD5 of client_id + timestamp + client_secret', () => {
    expect(yilianyunSign('1000000001', '1700000000', 'yly-secret-test')).toBe(
      '9d9f28ec8cc82b1800ff1f0f91ce2629',
    );
  });

  it('takes a token by client credentials, then prints to the machine code with our print-log id', async () => {
    yly.device(device.serial, device.secretKey, { added: true });
    const text = '   Shop\n--------\nnote <FS2>big</FS2>';
    expect(await adapter().print(device, text, context)).toEqual({ ok: true });
    const [oauth, print] = yly.calls;
    expect(oauth).toMatchObject({
      path: '/oauth/oauth',
      form: { client_id: yly.clientId, grant_type: 'client_credentials', scope: 'all' },
    });
    expect(oauth!.form.timestamp).toBe('1700000000');
    expect(print).toMatchObject({
      path: '/print/index',
      form: { machine_code: device.serial, origin_id: '77', access_token: 'token-1' },
    });
    expect(print!.form.sign).toBe(
      yilianyunSign(yly.clientId, print!.form.timestamp!, yly.clientSecret),
    );
    expect(yly.prints).toEqual([
      { machineCode: device.serial, content: yilianyunContent(text), originId: '77' },
    ]);
    // A customer's text cannot become Yilianyun's markup.
    expect(yly.prints[0]!.content).toContain('note ＜FS2＞big＜/FS2＞');
    expect(yly.prints[0]!.content).not.toContain('<');
  });

  it('keeps its token until it is about to expire, then takes a new one', async () => {
    yly.device(device.serial, device.secretKey, { added: true });
    const printer = adapter();
    await Promise.all([printer.status(device, ex), printer.status(device, ex)]);
    await printer.print(device, 'one', context);
    expect(yly.tokensIssued()).toBe(1);
    clock += 3000;
    await printer.print(device, 'two', context);
    expect(yly.tokensIssued()).toBe(1);
    clock += 600;
    await printer.print(device, 'three', context);
    expect(yly.tokensIssued()).toBe(2);
    expect(yly.calls.at(-1)!.form.access_token).toBe('token-2');
  });

  it('takes a new token when Yilianyun says the one it has expired (error 18)', async () => {
    yly.device(device.serial, device.secretKey, { added: true });
    const printer = adapter();
    expect(await printer.print(device, 'one', context)).toEqual({ ok: true });
    yly.expireTokens();
    expect(await printer.print(device, 'two', context)).toEqual({ ok: true });
    expect(yly.tokensIssued()).toBe(2);
    expect(yly.prints.map((p) => p.content)).toEqual(['one', 'two']);
  });

  it('reads the state: 1 online, 0 offline, 2 out of paper', async () => {
    yly.device(device.serial, device.secretKey, { added: true });
    const printer = adapter();
    expect(await printer.status(device, ex)).toEqual({ online: true });
    yly.setState(device.serial, '0');
    expect(await printer.status(device, ex)).toEqual({ online: false });
    yly.setState(device.serial, '2');
    expect(await printer.status(device, ex)).toEqual({ online: false, problem: 'paperOut' });
  });

  it("answers a refusal with Yilianyun's words; a wrong secret fails the sign check", async () => {
    yly.device(device.serial, device.secretKey, { added: true });
    yly.refuseNext('14', '该应用没有打印机授权');
    expect(await adapter().print(device, 'x', context)).toEqual({
      ok: false,
      error: 'Yilianyun: 该应用没有打印机授权',
    });
    const wrong = yilianyunPrinter({
      clientId: yly.clientId,
      clientSecret: 'not-the-secret',
      apiUrl: yly.apiUrl,
    });
    expect(await wrong.print(device, 'x', context)).toEqual({
      ok: false,
      error: 'Yilianyun: sign验证失败',
    });
    await expect(wrong.status(device, ex)).rejects.toThrow('sign验证失败');
    await yly.close();
    const printed = await adapter().print(device, 'x', context);
    expect(printed.error).toMatch(/^Yilianyun unreachable/);
    yly = await fakeYilianyun();
  });

  it('adds the device with its machine code and key (msign)', async () => {
    yly.device(device.serial, device.secretKey);
    const printer = adapter();
    expect(
      (await printer.register!({ serial: device.serial, secretKey: 'wrong', name: '后厨' })).error,
    ).toBe('Yilianyun: 终端号或终端密钥错误');
    expect(
      await printer.register!({ serial: device.serial, secretKey: device.secretKey, name: '后厨' }),
    ).toEqual({ ok: true });
    expect(yly.calls.at(-1)).toMatchObject({
      path: '/printer/addprinter',
      form: { machine_code: device.serial, msign: device.secretKey, print_name: '后厨' },
    });
    expect(await printer.status(device, ex)).toEqual({ online: true });
  });

  it('takes the device off the application by its machine code', async () => {
    yly.device(device.serial, device.secretKey, { added: true });
    const printer = adapter();
    expect(await printer.unregister!(device.serial)).toEqual({ ok: true });
    expect(yly.calls.at(-1)).toMatchObject({
      path: '/printer/deleteprinter',
      form: { machine_code: device.serial },
    });
    expect(yly.isAdded(device.serial)).toBe(false);
  });
});

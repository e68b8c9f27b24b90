/**
 * Tests only: Feie Cloud and Yilianyun as small HTTP servers on a random local port, checking
 * each call's signature the way the providers do and answering in their shapes. Each keeps what
 * it was sent, so a test can read the receipt a device would have printed.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

async function listen(
  handle: (path: string, form: Record<string, string>) => unknown | Promise<unknown>,
): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const form = await formOf(req);
    const answer = await handle(new URL(req.url ?? '/', 'http://x').pathname, form);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const sha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex');
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

export const FEIE_ONLINE = '在线，工作状态正常。';
export const FEIE_OFFLINE = '离线。';
export const FEIE_ABNORMAL = '在线，工作状态不正常。';

/** A Feie device: its key (识别码), the status sentence Feie reports, whether it is on the account. */
interface FeieDevice {
  key: string;
  status: string;
  added: boolean;
}

/** A fake Feie Cloud open API (POST /Api/Open/) for one account. */
export async function fakeFeie({ user = 'shop@example.com', ukey = 'UKEY-test-1234' } = {}) {
  const devices = new Map<string, FeieDevice>();
  const calls: Record<string, string>[] = [];
  const prints: { sn: string; content: string; times: string }[] = [];
  let refuseNext: { ret: number; msg: string; apiname: string } | undefined;
  let hold: { arrived(): void; released: Promise<void> } | undefined;

  const { server, url } = await listen(async (path, form) => {
    calls.push(form);
    if (path !== '/Api/Open/') return { ret: 404, msg: 'not found', data: null };
    if (form.user !== user) return { ret: 1002, msg: '参数错误 : 用户不存在。', data: null };
    if (!/^\d{10}$/.test(form.stime ?? ''))
      return { ret: 1001, msg: '参数错误 : 时间格式不正确。', data: null };
    if (form.sig !== sha1(`${form.user}${ukey}${form.stime}`))
      return { ret: 1003, msg: '参数错误 : 签名不正确。', data: null };
    if (refuseNext?.apiname === form.apiname) {
      const { ret, msg } = refuseNext;
      refuseNext = undefined;
      return { ret, msg, data: null };
    }
    const device = devices.get(form.sn ?? '');
    switch (form.apiname) {
      case 'Open_printMsg':
        if (hold) {
          hold.arrived();
          await hold.released;
        }
        if (!device?.added) return { ret: 1002, msg: '错误：打印机编号未添加。', data: null };
        if (Buffer.byteLength(form.content ?? '') > 5000)
          return { ret: 1002, msg: '参数错误 : 内容过长。', data: null };
        prints.push({ sn: form.sn!, content: form.content!, times: form.times ?? '1' });
        return { ret: 0, msg: 'ok', data: `${form.sn}_${form.stime}_${prints.length}` };
      case 'Open_queryPrinterStatus':
        if (!device?.added) return { ret: 1002, msg: '错误：打印机编号未添加。', data: null };
        return { ret: 0, msg: 'ok', data: device.status };
      case 'Open_printerAddlist': {
        const ok: string[] = [];
        const no: string[] = [];
        for (const line of (form.printerContent ?? '').split('\n')) {
          const [sn = '', key = ''] = line.split('#');
          const known = devices.get(sn);
          if (!known || known.key !== key) no.push(`${line} (错误：识别码不正确)`);
          else if (known.added) no.push(`${line} (错误：已被添加过)`);
          else {
            known.added = true;
            ok.push(line);
          }
        }
        return { ret: 0, msg: 'ok', data: { ok, no } };
      }
      case 'Open_printerDelList': {
        const ok: string[] = [];
        const no: string[] = [];
        for (const sn of (form.snlist ?? '').split('-')) {
          const known = devices.get(sn);
          if (known?.added) {
            known.added = false;
            ok.push(sn);
          } else no.push(`${sn} (错误：打印机编号未添加)`);
        }
        return { ret: 0, msg: 'ok', data: { ok, no } };
      }
      default:
        return { ret: 1002, msg: '参数错误 : apiname不正确。', data: null };
    }
  });

  return {
    user,
    ukey,
    /** Where the product is told the API is (FEIE_API_URL). */
    apiUrl: `${url}/Api/Open/`,
    calls,
    prints,
    /** A device that exists (its key on its label), on the account or not yet. */
    device(sn: string, key: string, { added = false, status = FEIE_ONLINE } = {}) {
      devices.set(sn, { key, status, added });
    },
    setStatus(sn: string, status: string) {
      devices.get(sn)!.status = status;
    },
    /** Whether the device is on the account. */
    isAdded: (sn: string) => devices.get(sn)?.added === true,
    /** Prints are answered only after `release()`; `arrived` settles when one waits. */
    holdPrints() {
      let onArrived = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        onArrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { arrived: onArrived, released };
      return {
        arrived,
        release() {
          hold = undefined;
          release();
        },
      };
    },
    /** The next signed call of `apiname` is answered with this refusal. */
    refuseNext(ret: number, msg: string, apiname = 'Open_printMsg') {
      refuseNext = { ret, msg, apiname };
    },
    close: () => close(server),
  };
}

interface YilianyunDevice {
  msign: string;
  state: '0' | '1' | '2';
  added: boolean;
}

/** A fake Yilianyun open API for one application (client credentials). */
export async function fakeYilianyun({
  clientId = '1000000001',
  clientSecret = 'yly-secret-test',
  expiresIn = 2_592_000,
} = {}) {
  const devices = new Map<string, YilianyunDevice>();
  const calls: { path: string; form: Record<string, string> }[] = [];
  const prints: { machineCode: string; content: string; originId: string }[] = [];
  const tokens = new Set<string>();
  let issued = 0;
  let refuseNext: { error: string; error_description: string } | undefined;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

  const { server, url } = await listen((path, form) => {
    calls.push({ path, form });
    const fail = (error: string, error_description: string) => ({ error, error_description });
    if (form.client_id !== clientId) return fail('10', '权限不足');
    if (!form.id || !uuid.test(form.id)) return fail('33', 'Uuid不合法');
    if (!/^\d{10}$/.test(form.timestamp ?? '')) return fail('12', '缺少必要参数');
    if (form.sign !== md5(`${form.client_id}${form.timestamp}${clientSecret}`))
      return fail('11', 'sign验证失败');
    if (path === '/oauth/oauth') {
      if (form.grant_type !== 'client_credentials' || form.scope !== 'all')
        return fail('12', '缺少必要参数');
      issued += 1;
      const token = `token-${issued}`;
      tokens.add(token);
      return {
        error: '0',
        error_description: 'success',
        body: {
          access_token: token,
          refresh_token: `refresh-${issued}`,
          machine_code: '',
          expires_in: expiresIn,
          scope: 'all',
        },
      };
    }
    if (!tokens.has(form.access_token ?? ''))
      return fail('18', 'access_token已过期,请刷新access_token或者重新授权');
    if (refuseNext) {
      const refusal = refuseNext;
      refuseNext = undefined;
      return refusal;
    }
    const device = devices.get(form.machine_code ?? '');
    switch (path) {
      case '/print/index':
        if (!device?.added) return fail('8', '打印机信息错误,参数有误');
        if (!form.content || !form.origin_id) return fail('12', '缺少必要参数');
        prints.push({
          machineCode: form.machine_code!,
          content: form.content,
          originId: form.origin_id,
        });
        return {
          error: '0',
          error_description: 'success',
          body: { id: String(prints.length), origin_id: form.origin_id },
        };
      case '/printer/getprintstatus':
        if (!device?.added) return fail('8', '打印机信息错误,参数有误');
        return { error: '0', error_description: 'success', body: { state: device.state } };
      case '/printer/addprinter':
        if (!device || device.msign !== form.msign) return fail('2', '终端号或终端密钥错误');
        device.added = true;
        return { error: '0', error_description: 'success' };
      case '/printer/deleteprinter':
        if (!device?.added) return fail('8', '打印机信息错误,参数有误');
        device.added = false;
        return { error: '0', error_description: 'success' };
      default:
        return fail('12', '缺少必要参数');
    }
  });

  return {
    clientId,
    clientSecret,
    apiUrl: url,
    calls,
    prints,
    /** How many access tokens were handed out. */
    tokensIssued: () => issued,
    /** Every token handed out so far stops working (error 18), as after its expiry. */
    expireTokens() {
      tokens.clear();
    },
    device(
      machineCode: string,
      msign: string,
      { added = false, state = '1' as '0' | '1' | '2' } = {},
    ) {
      devices.set(machineCode, { msign, state, added });
    },
    setState(machineCode: string, state: '0' | '1' | '2') {
      devices.get(machineCode)!.state = state;
    },
    /** Whether the device is on the application. */
    isAdded: (machineCode: string) => devices.get(machineCode)?.added === true,
    refuseNext(error: string, description: string) {
      refuseNext = { error, error_description: description };
    },
    close: () => close(server),
  };
}

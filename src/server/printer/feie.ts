import { createHash } from 'node:crypto';
import type { PrinterAdapter, PrinterRegistration, PrintResult } from './adapter';
import { postForm, withoutMarkup } from './provider-http';

/** The Feie Cloud (飞鹅云) account the product prints through: from Feie's console. */
export interface FeieConfig {
  user: string;
  ukey: string;
  /** Default http://api.feieyun.cn/Api/Open/ */
  apiUrl: string;
  /** Unix seconds (tests fix it). */
  now?: () => number;
  timeoutMs?: number;
}

export const FEIE_API_URL = 'http://api.feieyun.cn/Api/Open/';

/** Feie's request signature: lowercase hex SHA-1 of user + UKEY + stime. */
export function feieSig(user: string, ukey: string, stime: string): string {
  return createHash('sha1').update(`${user}${ukey}${stime}`, 'utf8').digest('hex');
}

/** A rendered receipt as Feie's content: its lines joined by `<BR>`, no tag of the customer's. */
export function feieContent(text: string): string {
  return `${text.split('\n').map(withoutMarkup).join('<BR>')}<BR>`;
}

/** Feie's answer: `ret` 0 is success; otherwise `msg` says why. */
interface FeieAnswer {
  ret: number;
  msg: string;
  data: unknown;
}

/**
 * Feie Cloud printers (飞鹅云 open API): one POST per call with the account's user, the time and
 * its signature; the printer row's serial is the device's SN. The receipt already holds its
 * copies (renderCopies), so it is sent once (`times` = 1).
 */
export function feiePrinter(config: FeieConfig): PrinterAdapter {
  const now = config.now ?? (() => Math.floor(Date.now() / 1000));
  const call = async (apiname: string, fields: Record<string, string>): Promise<FeieAnswer> => {
    const stime = String(now());
    const answer = (await postForm(
      'Feie Cloud',
      config.apiUrl,
      {
        user: config.user,
        stime,
        sig: feieSig(config.user, config.ukey, stime),
        apiname,
        ...fields,
      },
      config.timeoutMs,
    )) as Partial<FeieAnswer> | null;
    return { ret: Number(answer?.ret ?? -1), msg: String(answer?.msg ?? ''), data: answer?.data };
  };
  const refused = (answer: FeieAnswer): PrintResult => ({
    ok: false,
    error: `Feie Cloud: ${answer.msg || `ret ${answer.ret}`}`,
  });
  const unreachable = (error: unknown): PrintResult => ({
    ok: false,
    error: (error as Error).message,
  });

  return {
    async print(printer, text) {
      try {
        const answer = await call('Open_printMsg', {
          sn: printer.serial,
          content: feieContent(text),
          times: '1',
        });
        return answer.ret === 0 ? { ok: true } : refused(answer);
      } catch (error) {
        return unreachable(error);
      }
    },

    async status(printer) {
      const answer = await call('Open_queryPrinterStatus', { sn: printer.serial });
      if (answer.ret !== 0) throw new Error(refused(answer).error);
      // "离线。" / "在线，工作状态正常。" / "在线，工作状态不正常。" (abnormal is nearly always out of paper).
      const words = String(answer.data ?? '');
      if (/离线|off-?line/i.test(words)) return { online: false };
      if (/不正常|abnormal|not normal/i.test(words)) return { online: false, problem: 'paperOut' };
      if (/在线|online|normal/i.test(words)) return { online: true };
      throw new Error(`Feie Cloud: unknown printer status "${words}"`);
    },

    /** Open_printerAddlist: "SN#KEY#name" on the account; one already on it is fine. */
    async register(device: PrinterRegistration) {
      const clean = (s: string) => s.replace(/[#\r\n]/g, ' ').trim();
      try {
        const answer = await call('Open_printerAddlist', {
          printerContent: [device.serial, device.secretKey, device.name].map(clean).join('#'),
        });
        if (answer.ret !== 0) return refused(answer);
        const no = ((answer.data as { no?: unknown[] } | null)?.no ?? []).map(String);
        const problems = no
          .filter((line) => !/已被添加过|已添加|already/i.test(line))
          .map((line) => (device.secretKey ? line.replaceAll(device.secretKey, '***') : line));
        return problems.length
          ? { ok: false, error: `Feie Cloud: ${problems.join('; ')}` }
          : { ok: true };
      } catch (error) {
        return unreachable(error);
      }
    },

    /** Open_printerDelList: the SN off the account; one not on it is fine. */
    async unregister(serial) {
      try {
        const answer = await call('Open_printerDelList', { snlist: serial });
        if (answer.ret !== 0) return refused(answer);
        const no = ((answer.data as { no?: unknown[] } | null)?.no ?? []).map(String);
        const problems = no.filter((line) => !/未添加|不存在|not (been )?added/i.test(line));
        return problems.length
          ? { ok: false, error: `Feie Cloud: ${problems.join('; ')}` }
          : { ok: true };
      } catch (error) {
        return unreachable(error);
      }
    },
  };
}

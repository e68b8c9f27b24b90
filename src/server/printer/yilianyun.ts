import { createHash, randomUUID } from 'node:crypto';
import type { PrinterAdapter, PrinterRegistration, PrintResult } from './adapter';
import { postForm, withoutMarkup } from './provider-http';

/** The Yilianyun (易联云) application the product prints through: from its developer console. */
export interface YilianyunConfig {
  clientId: string;
  clientSecret: string;
  /** Default https://open-api.10ss.net */
  apiUrl: string;
  /** Unix seconds (tests move it). */
  now?: () => number;
  uuid?: () => string;
  timeoutMs?: number;
}

export const YILIANYUN_API_URL = 'https://open-api.10ss.net';
/** Yilianyun's answer for an access token it no longer takes. */
const TOKEN_EXPIRED = '18';
/** A token is renewed this long before Yilianyun says it expires. */
const TOKEN_MARGIN_SECONDS = 300;

/** Yilianyun's request signature: lowercase hex MD5 of client_id + timestamp + client_secret. */
export function yilianyunSign(clientId: string, timestamp: string, clientSecret: string): string {
  return createHash('md5').update(`${clientId}${timestamp}${clientSecret}`, 'utf8').digest('hex');
}

/** A rendered receipt as Yilianyun's content: its lines, no tag of the customer's. */
export function yilianyunContent(text: string): string {
  return text.split('\n').map(withoutMarkup).join('\n');
}

/** Yilianyun's answer: `error` "0" is success; otherwise `error_description` says why. */
interface YilianyunAnswer {
  error: string;
  error_description: string;
  body: unknown;
}

/**
 * Yilianyun printers (易联云 open API, an application of its own kind: client credentials). Every
 * call is signed and carries an access token, fetched once and kept until shortly before it
 * expires (Yilianyun allows few token requests a day), renewed early if Yilianyun says it expired.
 * The printer row's serial is the machine code; the print log's id is the order id Yilianyun keeps.
 */
export function yilianyunPrinter(config: YilianyunConfig): PrinterAdapter {
  const now = config.now ?? (() => Math.floor(Date.now() / 1000));
  const uuid = config.uuid ?? randomUUID;
  const base = config.apiUrl.replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const post = async (path: string, fields: Record<string, string>): Promise<YilianyunAnswer> => {
    const timestamp = String(now());
    const answer = (await postForm(
      'Yilianyun',
      `${base}/${path}`,
      {
        client_id: config.clientId,
        ...fields,
        sign: yilianyunSign(config.clientId, timestamp, config.clientSecret),
        id: uuid(),
        timestamp,
      },
      config.timeoutMs,
    )) as Partial<YilianyunAnswer> | null;
    return {
      error: String(answer?.error ?? '-1'),
      error_description: String(answer?.error_description ?? ''),
      body: answer?.body,
    };
  };

  const refusal = (answer: YilianyunAnswer) =>
    `Yilianyun: ${answer.error_description || `error ${answer.error}`}`;

  const fetchToken = async (): Promise<string> => {
    const answer = await post('oauth/oauth', { grant_type: 'client_credentials', scope: 'all' });
    const body = answer.body as { access_token?: string; expires_in?: number | string } | null;
    if (answer.error !== '0' || !body?.access_token) throw new Error(refusal(answer));
    const lifetime = Number(body.expires_in ?? 0) || 24 * 3600;
    token = {
      value: body.access_token,
      renewAt: now() + Math.max(60, lifetime - TOKEN_MARGIN_SECONDS),
    };
    return token.value;
  };

  const accessToken = async (): Promise<string> => {
    if (token && now() < token.renewAt) return token.value;
    // Calls at the same moment share one token request.
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  /** A call with the access token; one Yilianyun calls expired is dropped and the call made again. */
  const call = async (path: string, fields: Record<string, string>): Promise<YilianyunAnswer> => {
    const answer = await post(path, { ...fields, access_token: await accessToken() });
    if (answer.error !== TOKEN_EXPIRED) return answer;
    token = undefined;
    return post(path, { ...fields, access_token: await accessToken() });
  };

  const outcome = async (run: () => Promise<YilianyunAnswer>): Promise<PrintResult> => {
    try {
      const answer = await run();
      return answer.error === '0' ? { ok: true } : { ok: false, error: refusal(answer) };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  };

  return {
    print(printer, text, { printJobId }) {
      return outcome(() =>
        call('print/index', {
          machine_code: printer.serial,
          content: yilianyunContent(text),
          origin_id: String(printJobId),
        }),
      );
    },

    async status(printer) {
      const answer = await call('printer/getprintstatus', { machine_code: printer.serial });
      if (answer.error !== '0') throw new Error(refusal(answer));
      // state: 0 offline, 1 online, 2 out of paper.
      const state = String((answer.body as { state?: unknown } | null)?.state ?? '');
      if (state === '1') return { online: true };
      if (state === '2') return { online: false, problem: 'paperOut' };
      if (state === '0') return { online: false };
      throw new Error(`Yilianyun: unknown printer state "${state}"`);
    },

    /** printer/addprinter: the machine code and its key (msign) on the application. */
    register(device: PrinterRegistration) {
      return outcome(() =>
        call('printer/addprinter', {
          machine_code: device.serial,
          msign: device.secretKey,
          print_name: device.name,
        }),
      );
    },

    /** printer/deleteprinter: the machine code off the application. */
    unregister(serial: string) {
      return outcome(() => call('printer/deleteprinter', { machine_code: serial }));
    },
  };
}

import { rechargeRemark } from '../../../shared/cost-center';
import type { ResourceDictionary } from '../../../shared/resource';
import type { ResourceHooks } from '../../kit/resource-routes';

/** The ledger's own texts (shared/resources/cost-center.<lang>.ts `remarks`). */
type LedgerDictionary = ResourceDictionary & {
  remarks: { recharge: string; gateways: Record<string, string> };
};

/**
 * A ledger line's description in the export, as the ledger's screen reads it in the requester's
 * language: a recharge's "sandbox SBX…" is 沙箱充值 · 流水号 SBX… (Sandbox recharge · trade no.
 * SBX…); any other line as written.
 */
export function remarkText(value: unknown, dictionary: ResourceDictionary): string {
  const remark = String(value ?? '');
  const recharge = rechargeRemark(remark);
  if (!recharge) return remark;
  const { remarks } = dictionary as LedgerDictionary;
  const words: Record<string, string> = {
    gateway: remarks.gateways[recharge.gateway] ?? recharge.gateway,
    tradeNo: recharge.tradeNo,
  };
  return remarks.recharge.replace(/\{\{(\w+)\}\}/g, (_, name: string) => words[name] ?? '');
}

export default {
  export: { cells: { remark: remarkText } },
} satisfies ResourceHooks;

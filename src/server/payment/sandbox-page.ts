import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clockText } from '../../shared/merchant-clock';
import type { SandboxGateway } from './sandbox';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const METHOD: Record<string, string> = { alipay: '支付宝 Alipay', wechat: '微信支付 WeChat Pay' };

/** The payer's page of a trade: plain HTML with two forms, no script (it runs on any phone). */
function page(trade: Awaited<ReturnType<SandboxGateway['trade']>>, tradeNo: string) {
  let body: string;
  if (!trade) body = '<p class="state">未找到该交易 · Trade not found</p>';
  else {
    const expired = trade.status === 'WAIT_BUYER_PAY' && trade.expiresAt <= new Date();
    const state =
      trade.status === 'TRADE_SUCCESS'
        ? '<p class="state ok" data-state="paid">支付成功 · Paid</p>'
        : trade.status === 'TRADE_CLOSED' || expired
          ? `<p class="state" data-state="closed">交易已关闭 · Closed (${escapeHtml(trade.closeReason ?? 'expired')})</p>`
          : `<form method="post"><input type="hidden" name="action" value="pay">
               <button class="pay" type="submit">确认支付 · Pay ¥${escapeHtml(trade.amount)}</button></form>
             <form method="post"><input type="hidden" name="action" value="decline">
               <button class="decline" type="submit">拒绝支付 · Decline</button></form>
             <p class="note" data-deadline>请在 ${escapeHtml(clockText(trade.expiresAt))}（北京时间）前完成支付 · Pay before ${escapeHtml(clockText(trade.expiresAt))} (China time)</p>`;
    body = `<p class="subject">${escapeHtml(trade.subject)}</p>
      <p class="amount">¥<strong>${escapeHtml(trade.amount)}</strong></p>
      <dl><dt>支付方式 · Method</dt><dd>${escapeHtml(METHOD[trade.method] ?? trade.method)}</dd>
      <dt>交易号 · Trade no.</dt><dd>${escapeHtml(tradeNo)}</dd></dl>${state}`;
  }
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>沙箱收银台 · Sandbox checkout</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f0f2f5;color:#1f1f1f}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:16px;margin:0 0 4px}.sandbox{color:#ad4e00;font-size:12px;margin:0 0 16px}
.subject{color:#595959}.amount{font-size:20px}.amount strong{font-size:36px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:13px;color:#595959}dd{margin:0;word-break:break-all}
button{width:100%;padding:12px;margin-top:12px;border:0;border-radius:6px;font-size:16px;cursor:pointer}
.pay{background:#0958d9;color:#fff}.decline{background:#fff;color:#cf1322;border:1px solid #ffa39e}
.state{font-size:18px;text-align:center;padding:16px;background:#fafafa;border-radius:6px}.ok{color:#237804}
.note{font-size:12px;color:#595959}
</style></head><body><main>
<h1>沙箱收银台 · Sandbox checkout</h1>
<p class="sandbox">沙箱环境，不会产生真实扣款 · Sandbox: no real money moves</p>
${body}
</main></body></html>`;
}

/** The sandbox's "scan to pay" page, under this server: what the QR code on /recharge-pay opens. */
export async function sandboxPages(app: FastifyInstance, gateway: SandboxGateway) {
  await app.register(async (scope) => {
    // The page's forms post application/x-www-form-urlencoded: read as text, parsed here.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const params = z.object({ tradeNo: z.string().regex(/^SBX[0-9a-f]{8,40}$/i) });
    scope.get(
      '/sandbox/pay/:tradeNo',
      { config: { access: 'public' }, schema: { hide: true, params } },
      async (request, reply) => {
        const { tradeNo } = request.params as { tradeNo: string };
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(page(await gateway.trade(tradeNo), tradeNo));
      },
    );
    scope.post(
      '/sandbox/pay/:tradeNo',
      {
        config: { access: 'public' },
        schema: { hide: true, params, body: z.object({ action: z.enum(['pay', 'decline']) }) },
      },
      async (request, reply) => {
        const { tradeNo } = request.params as { tradeNo: string };
        const { action } = request.body as { action: 'pay' | 'decline' };
        await gateway.settleByPayer(tradeNo, action === 'pay');
        return reply.redirect(`/sandbox/pay/${tradeNo}`, 303);
      },
    );
  });
}

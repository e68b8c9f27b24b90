import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import infoEn from '../../shared/resources/mini-program-info.en';
import infoZh from '../../shared/resources/mini-program-info.zh';
import registrationEn from '../../shared/resources/mini-program-registration.en';
import registrationZh from '../../shared/resources/mini-program-registration.zh';
import type { SandboxPlatform } from './sandbox';

const escapeHtml = (text: unknown) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STATUS: Record<string, string> = {
  submitted: '平台初审中 · Being checked',
  confirming: '待法人确认 · Awaiting the legal person',
  success: '注册成功 · Registered',
  failed: '注册失败 · Failed',
  reviewing: '审核中 · In review',
  approved: '审核通过 · Approved',
  rejected: '审核驳回 · Rejected',
  released: '已发布 · Released',
};

const KIND: Record<string, string> = {
  registration: '小程序注册 · Registration',
  info: '基础信息审核 · Info review',
  audit: '代码审核 · Code review',
};

const FIELD: Record<string, string> = {
  kind: '主体类型 · Type',
  companyName: '主体名称 · Entity',
  creditCode: '统一社会信用代码 · Credit code',
  legalName: '法人 · Legal person',
  legalWechat: '法人微信号 · WeChat ID',
  contactPhone: '联系电话 · Phone',
  name: '名称 · Name',
  avatar: '头像 · Avatar',
  intro: '简介 · Introduction',
  categories: '服务类目 · Categories',
  version: '版本 · Version',
};

function shell(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f0f2f5;color:#1f1f1f}
main{max-width:480px;margin:24px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:16px;margin:0 0 4px}.sandbox{color:#ad4e00;font-size:12px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:13px;color:#595959}dd{margin:0;word-break:break-all}
button{width:100%;padding:12px;margin-top:12px;border:0;border-radius:6px;font-size:16px;cursor:pointer}
.ok{background:#0958d9;color:#fff}.no{background:#fff;color:#cf1322;border:1px solid #ffa39e}
textarea{width:100%;box-sizing:border-box;margin-top:12px;padding:8px;font:inherit;border:1px solid #d9d9d9;border-radius:6px}
.state{font-size:18px;text-align:center;padding:16px;background:#fafafa;border-radius:6px}
.error{color:#cf1322}.reason{color:#595959}
@media (prefers-color-scheme:dark){
body{background:#000;color:#e8e8e8}main{background:#141414;box-shadow:none}
.sandbox{color:#ffa940}dl,.reason{color:#bfbfbf}.state{background:#1f1f1f}
.no{background:#141414;color:#ff7875;border-color:#a61d24}.error{color:#ff7875}
textarea{background:#141414;color:#e8e8e8;border-color:#595959}
}
</style></head><body><main>
<h1>${escapeHtml(title)}</h1>
<p class="sandbox">沙箱小程序平台，不会产生真实注册或发布 · Sandbox platform: nothing real happens</p>
${body}
</main></body></html>`;
}

/** A submitted value as a person reads it: a category or a kind by its name in both languages. */
function shownValue(key: string, value: unknown): string {
  const named = (zh: Record<string, string>, en: Record<string, string>, v: string) =>
    zh[v] ? `${zh[v]}（${en[v] ?? v}）` : v;
  if (key === 'categories' && Array.isArray(value))
    return value.map((v) => named(infoZh.categories, infoEn.categories, String(v))).join('、');
  if (key === 'kind')
    return named(registrationZh.enums.kind, registrationEn.enums.kind, String(value));
  return Array.isArray(value) ? value.join('、') : String(value ?? '');
}

type Task = NonNullable<Awaited<ReturnType<SandboxPlatform['task']>>>;

/**
 * A task's page: what was submitted, where it stands, and the forms of whoever acts on it now.
 * Its text reaches 4.5:1 on its background in light and dark (e2e/a11y.spec.ts audits each state).
 */
export function taskPage(task: Task | undefined, error = '') {
  if (!task)
    return shell('沙箱小程序平台 · Sandbox platform', '<p class="state">未找到 · Not found</p>');
  const payload = task.payload as Record<string, unknown>;
  const details = Object.entries(payload)
    .map(
      ([k, v]) => `<dt>${escapeHtml(FIELD[k] ?? k)}</dt><dd>${escapeHtml(shownValue(k, v))}</dd>`,
    )
    .join('');
  const state = `<p class="state" data-state="${escapeHtml(task.status)}">${escapeHtml(STATUS[task.status] ?? task.status)}</p>${
    task.reason ? `<p class="reason">${escapeHtml(task.reason)}</p>` : ''
  }${task.appid ? `<p>AppID: <strong data-appid>${escapeHtml(task.appid)}</strong></p>` : ''}`;
  let actions = '';
  if (task.status === 'confirming')
    actions = `<p>请法人确认以此主体注册小程序 · The legal person confirms this registration</p>
<form method="post"><input type="hidden" name="action" value="confirm"><button class="ok" type="submit">法人确认 · Confirm</button></form>
<form method="post"><input type="hidden" name="action" value="decline"><button class="no" type="submit">法人拒绝 · Decline</button></form>`;
  if (task.status === 'reviewing')
    actions = `<form method="post"><input type="hidden" name="action" value="approve"><button class="ok" type="submit">审核通过 · Approve</button></form>
<form method="post"><input type="hidden" name="action" value="reject">
<label for="reason">驳回原因 · Reason for rejection</label>
<textarea id="reason" name="reason" rows="3" maxlength="200" required></textarea>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<button class="no" type="submit">驳回 · Reject</button></form>`;
  return shell(
    KIND[task.kind] ?? task.kind,
    `<dl><dt>单号 · Task</dt><dd>${escapeHtml(task.taskId)}</dd>${details}</dl>${state}${actions}`,
  );
}

/**
 * The sandbox platform's pages under this server: a task's page (the legal person confirms a
 * registration, the reviewer approves or rejects with a reason), a version's experience page (what
 * its QR code opens) and a page path's (what the page-path tool's QR code opens). Plain HTML with
 * forms, no script.
 */
export async function sandboxPages(app: FastifyInstance, platform: SandboxPlatform) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const params = z.object({ taskId: z.string().regex(/^MPT[0-9a-f]{16}$/) });
    const html = (reply: import('fastify').FastifyReply, text: string) =>
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(text);

    scope.get(
      '/sandbox/mini-program/task/:taskId',
      { config: { access: 'public' }, schema: { hide: true, params } },
      async (request, reply) => {
        const { taskId } = request.params as { taskId: string };
        return html(reply, taskPage(await platform.task(taskId)));
      },
    );
    scope.post(
      '/sandbox/mini-program/task/:taskId',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          params,
          body: z.object({
            action: z.enum(['confirm', 'decline', 'approve', 'reject']),
            reason: z.string().max(200).optional(),
          }),
        },
      },
      async (request, reply) => {
        const { taskId } = request.params as { taskId: string };
        const { action, reason = '' } = request.body as { action: string; reason?: string };
        if (action === 'reject' && !reason.trim())
          return html(
            reply.code(400),
            taskPage(await platform.task(taskId), '请填写驳回原因 · Give a reason'),
          );
        if (action === 'confirm' || action === 'decline')
          await platform.confirmByLegalPerson(taskId, action === 'confirm');
        else await platform.decide(taskId, action === 'approve', reason);
        return reply.redirect(`/sandbox/mini-program/task/${taskId}`, 303);
      },
    );
    scope.get(
      '/sandbox/mini-program/experience/:appid/:version',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          params: z.object({
            appid: z.string().regex(/^wx[0-9a-f]{16}$/),
            version: z.string().max(20),
          }),
        },
      },
      async (request, reply) => {
        const { appid, version } = request.params as { appid: string; version: string };
        return html(
          reply,
          shell(
            '体验版 · Experience version',
            `<dl><dt>AppID</dt><dd>${escapeHtml(appid)}</dd><dt>版本 · Version</dt><dd>${escapeHtml(version)}</dd></dl>
<p class="state">在微信中打开体验版 · Opens the experience version in WeChat</p>`,
          ),
        );
      },
    );
    scope.get(
      '/sandbox/mini-program/open',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          querystring: z.object({
            appid: z.string().max(40).default(''),
            path: z.string().max(500),
          }),
        },
      },
      async (request, reply) => {
        const { appid, path } = request.query as { appid: string; path: string };
        return html(
          reply,
          shell(
            '打开小程序页面 · Open a mini-program page',
            `<dl><dt>AppID</dt><dd>${escapeHtml(appid || '—')}</dd><dt>页面 · Page</dt><dd data-path>${escapeHtml(path)}</dd></dl>`,
          ),
        );
      },
    );
  });
}

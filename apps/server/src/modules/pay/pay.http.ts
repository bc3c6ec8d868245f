// The two payment routes outside the JSON API (ADR 0029):
// - POST /api/pay/notify/:provider: a provider's notification, read as the raw body (signatures cover
//   the exact bytes), answered in the provider's own protocol (provider.notificationAck).
// - /pay/sandbox/:tradeId (sandbox provider only): the page the sandbox QR code encodes, where the
//   payment is confirmed or refused; it posts to itself (no script: the CSP allows none inline) and the
//   payment goes through the same notify path.
import type { FastifyInstance } from 'fastify';
import { isSandbox, type PayService } from './pay.service.ts';
import type { PaymentProvider } from './providers/provider.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const stateText: Record<string, string> = {
  WaitPay: '待支付',
  Paid: '已支付',
  Closed: '已关闭',
  Refunded: '已退款',
  Failed: '已拒绝支付',
  NotFound: '订单不存在',
};

function sandboxPage(
  view: { outTradeNo: string; amountFen: number; description: string; state: string } | undefined,
  id: string,
  message: string,
) {
  const body = view
    ? `<p class="amount">¥${(view.amountFen / 100).toFixed(2)}</p>
<p>${escapeHtml(view.description)}</p>
<p>订单号：<code>${escapeHtml(view.outTradeNo)}</code></p>
<p>状态：<strong id="state">${stateText[view.state] ?? view.state}</strong></p>
${
  view.state === 'WaitPay'
    ? `<form method="post" action="/pay/sandbox/${encodeURIComponent(id)}/pay"><button type="submit" class="pay">确认支付</button></form>
<form method="post" action="/pay/sandbox/${encodeURIComponent(id)}/refuse"><button type="submit" class="refuse">拒绝支付</button></form>`
    : '<p>可以关闭本页，回到原页面查看结果。</p>'
}`
    : '<p>订单不存在或已过期（沙箱订单保存在服务器进程内存中，重启后失效）。</p>';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>沙箱支付</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#1a1a1a}
h1{font-size:1.3rem}.note{background:#fff4e5;border:1px solid #f0c36d;padding:8px 12px;border-radius:6px;font-size:.9rem}
.amount{font-size:2rem;font-weight:700;margin:16px 0 4px}button{font-size:1rem;padding:10px 20px;border-radius:6px;border:0;margin:6px 0;cursor:pointer;width:100%}
.pay{background:#1565c0;color:#fff}.refuse{background:#e0e0e0;color:#1a1a1a}.msg{color:#2e7d32;font-weight:600}</style></head>
<body><main><h1>沙箱支付</h1>
<p class="note">这是开发环境的模拟支付页面，不会产生真实扣款。</p>
${message ? `<p class="msg" role="status">${escapeHtml(message)}</p>` : ''}
${body}</main></body></html>`;
}

export async function registerPayHttp(app: FastifyInstance, pay: PayService, provider: PaymentProvider | null) {
  await app.register(async (scope) => {
    // Raw bodies of any type (WeChat sends JSON, Alipay a form): the signature covers the bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    // A provider's servers send every merchant's notifications from a few addresses: never rate limited.
    const notifyOptions = { helmet: false as const, config: { rateLimit: false as const } };
    scope.post<{ Params: { provider: string } }>('/api/pay/notify/:provider', notifyOptions, async (req, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(',') : v;
      const result = await pay.notify(req.params.provider, {
        headers,
        rawBody: typeof req.body === 'string' ? req.body : '',
      });
      if (!result) return reply.code(404).type('text/plain').send('not found');
      return reply.code(result.ack.status).type(result.ack.contentType).send(result.ack.body);
    });

    if (!isSandbox(provider)) return;
    const sandbox = provider;
    const idPattern = /^[A-Za-z0-9_-]{1,40}$/;
    scope.get<{ Params: { id: string }; Querystring: { m?: string } }>('/pay/sandbox/:id', async (req, reply) => {
      const id = idPattern.test(req.params.id) ? req.params.id : '';
      const message =
        req.query.m === 'paid'
          ? '支付成功'
          : req.query.m === 'refused'
            ? '已拒绝支付'
            : req.query.m === 'closed'
              ? '订单已关闭，无法支付'
              : '';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(sandboxPage(id ? sandbox.view(id) : undefined, id, message));
    });
    for (const action of ['pay', 'refuse'] as const) {
      scope.post<{ Params: { id: string } }>(`/pay/sandbox/:id/${action}`, async (req, reply) => {
        const id = req.params.id;
        if (!idPattern.test(id)) return reply.code(404).send();
        let m: string = action === 'pay' ? 'paid' : 'refused';
        try {
          await pay.sandboxPay(id, action === 'refuse');
        } catch {
          m = 'closed';
        }
        return reply.redirect(`/pay/sandbox/${encodeURIComponent(id)}?m=${m}`, 303);
      });
    }
  });
}

import { formatMinor } from '@shop/domain/money';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml as esc } from '../../plugins/html.ts';
import { NOTIFY_PATHS, SANDBOX_PREFIX, type SandboxKeys } from './gateways.ts';
import { digits, type RefundBook, sandboxPage, type SandboxSeal } from './sandbox-kit.ts';
import { encryptResource, parseAuthorization, platformHeaders, verifyMerchantRequest } from './wechat.ts';

// The sandbox's WeChat Pay (decision 019, 032): the merchant's Native and H5 order calls, refunds
// (issue 15), the QR code's and the phone's confirmation pages, and "paying", which sends the
// encrypted, signed notification to the shop.

// One function per side: the kit both share (links, signatures, paying), the merchant's calls
// the shop makes (orders, refunds), and the buyer's pages (the QR code's and the phone's).

/** Registers the sandbox's WeChat Pay routes. */
export function wechatSandbox(
  app: FastifyInstance,
  keys: SandboxKeys,
  seal: SandboxSeal,
  book: RefundBook,
): void {
  const kit = wechatKit(app, keys, seal);
  merchantCalls(app, keys, kit, book);
  buyerPages(app, kit);
}

type WechatKit = ReturnType<typeof wechatKit>;

/** What the merchant's calls and the buyer's pages share: links, signed answers, paying. */
function wechatKit(app: FastifyInstance, keys: SandboxKeys, { sign }: SandboxSeal) {
  // The QR link stays short (a QR code, and a path segment): number, amount and a MAC. The
  // notification goes to the shop's own notify path.
  type WechatPay = { out_trade_no: string; total: number };
  const link = (p: WechatPay) => {
    const data = `${p.out_trade_no}-${p.total}`;
    return `${data}-${sign(data).slice(0, 22)}`;
  };
  const invalidLink = (reply: FastifyReply) =>
    sandboxPage(reply, 'WeChat Pay sandbox', '<h1>微信支付沙箱</h1><p>Invalid payment link.</p>', 400);
  const readLink = (token: string): WechatPay | undefined => {
    const match = /^([A-Za-z0-9_]{1,32})-(\d{1,12})-([\w-]{22})$/.exec(token);
    if (!match) return undefined;
    const expected = Buffer.from(sign(`${match[1]}-${match[2]}`).slice(0, 22));
    const given = Buffer.from(match[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return { out_trade_no: match[1]!, total: Number(match[2]) };
  };

  type MerchantOrder = {
    mchid?: string;
    appid?: string;
    out_trade_no?: string;
    description?: string;
    notify_url?: string;
    amount?: { total?: number };
    scene_info?: { payer_client_ip?: unknown; h5_info?: { type?: unknown } };
  };
  /** A merchant's order call checked as WeChat Pay checks it; the order, or the refusal sent. */
  const readOrder = (req: FastifyRequest, reply: FastifyReply): MerchantOrder | undefined => {
    const body = String(req.body ?? '');
    const path = req.url.slice(`${SANDBOX_PREFIX}/wechat`.length);
    const ok = verifyMerchantRequest(
      'POST',
      path,
      body,
      String(req.headers.authorization ?? ''),
      keys.wechat.merchantPublicKey,
    );
    let order: MerchantOrder;
    try {
      order = JSON.parse(body) as MerchantOrder;
    } catch {
      void reply.code(400).send({ code: 'PARAM_ERROR', message: 'body is not JSON' });
      return undefined;
    }
    if (!ok || order.mchid !== keys.wechat.mchid || order.appid !== keys.wechat.appid) {
      void reply.code(401).send({ code: 'SIGN_ERROR', message: 'signature or merchant mismatch' });
      return undefined;
    }
    if (!order.out_trade_no || !Number.isSafeInteger(order.amount?.total)) {
      void reply
        .code(400)
        .send({ code: 'PARAM_ERROR', message: 'out_trade_no and amount.total are required' });
      return undefined;
    }
    return order;
  };
  /** A response body signed with the platform key, as the shop checks it. */
  const signedAnswer = (reply: FastifyReply, value: object, status = 200) => {
    const answer = JSON.stringify(value);
    const headers = platformHeaders(answer, {
      privateKey: keys.wechat.platformPrivateKey,
      serial: keys.wechat.platformSerial,
    });
    return reply.code(status).headers(headers).type('application/json').send(answer);
  };
  const origin = new URL(keys.wechat.apiBase).origin;

  // Where h5_url sends the buyer back: only the shop's own pages (WeChat Pay only returns to
  // the domain registered for H5 pay), never anywhere a link names.
  const returnTo = (url: unknown): string | undefined => {
    if (typeof url !== 'string' || !url) return undefined;
    try {
      return new URL(url).origin === origin ? url : undefined;
    } catch {
      return undefined;
    }
  };

  /** WeChat Pay's encrypted, signed notification of a successful payment; the shop's status. */
  const notifyPaid = async (pay: WechatPay, tradeType: 'NATIVE' | 'MWEB'): Promise<number> => {
    const now = new Date();
    const resource = encryptResource(
      JSON.stringify({
        mchid: keys.wechat.mchid,
        appid: keys.wechat.appid,
        out_trade_no: pay.out_trade_no,
        transaction_id: `4200${digits(24)}`,
        trade_type: tradeType,
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        success_time: now.toISOString(),
        payer: { openid: 'sandbox-openid' },
        amount: { total: pay.total, payer_total: pay.total, currency: 'CNY', payer_currency: 'CNY' },
      }),
      keys.wechat.apiV3Key,
    );
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: now.toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    });
    const answer = await app.inject({
      method: 'POST',
      url: NOTIFY_PATHS.wechat,
      headers: {
        'content-type': 'application/json',
        ...platformHeaders(body, {
          privateKey: keys.wechat.platformPrivateKey,
          serial: keys.wechat.platformSerial,
        }),
      },
      payload: body,
    });
    return answer.statusCode;
  };
  const paidPage = (reply: FastifyReply, pay: WechatPay) =>
    sandboxPage(
      reply,
      'WeChat Pay sandbox',
      `<span class="badge">SANDBOX 沙箱</span><h1>支付成功 · Paid</h1><p data-testid="sandbox-paid">¥${esc(formatMinor(pay.total, 'CNY'))} · ${esc(pay.out_trade_no)}</p><p>You can close this page; the shop's page updates by itself.</p>`,
    );
  /**
   * "Paying" a link (scanned code or phone page): the notification to the shop, then the paid
   * page, or back to the shop like WeChat Pay's redirect_url when there is one.
   */
  const confirmPay = async (
    reply: FastifyReply,
    token: string,
    tradeType: 'NATIVE' | 'MWEB',
    back?: string,
  ) => {
    const pay = readLink(token);
    if (!pay) return invalidLink(reply);
    const status = await notifyPaid(pay, tradeType);
    if (status !== 204)
      return sandboxPage(
        reply,
        'WeChat Pay sandbox',
        `<h1>微信支付沙箱</h1><p>The shop answered ${status}.</p>`,
        502,
      );
    return back ? reply.redirect(back, 303) : paidPage(reply, pay);
  };

  return { link, invalidLink, readLink, readOrder, signedAnswer, origin, returnTo, confirmPay };
}

/** The shop's calls to WeChat Pay's API: Native and H5 orders, refunds. */
function merchantCalls(
  app: FastifyInstance,
  keys: SandboxKeys,
  { link, readOrder, signedAnswer, origin }: WechatKit,
  { refundTrade }: RefundBook,
): void {
  // The shop's Native order call (signed by the merchant key); answers a signed code_url.
  app.post(`${SANDBOX_PREFIX}/wechat/v3/pay/transactions/native`, async (req, reply) => {
    const order = readOrder(req, reply);
    if (!order) return reply;
    const token = link({ out_trade_no: order.out_trade_no!, total: order.amount!.total! });
    return signedAnswer(reply, { code_url: `${origin}${SANDBOX_PREFIX}/wechat/qr/${token}` });
  });

  // The shop's refund call (issue 15): the merchant signature (mchid in its header, as the
  // refund body has none), the trade's total as WeChat Pay knows it, never more refunded than
  // paid, the same out_refund_no answered again; every answer signed with the platform key.
  app.post(`${SANDBOX_PREFIX}/wechat/v3/refund/domestic/refunds`, async (req, reply) => {
    const body = String(req.body ?? '');
    const path = req.url.slice(`${SANDBOX_PREFIX}/wechat`.length);
    const header = String(req.headers.authorization ?? '');
    const signed =
      verifyMerchantRequest('POST', path, body, header, keys.wechat.merchantPublicKey) &&
      parseAuthorization(header)?.mchid === keys.wechat.mchid;
    const refuse = (status: number, code: string, message: string) =>
      signedAnswer(reply, { code, message }, status);
    if (!signed) return refuse(401, 'SIGN_ERROR', 'signature or merchant mismatch');
    let ask: {
      out_trade_no?: string;
      out_refund_no?: string;
      amount?: { refund?: number; total?: number; currency?: string };
    };
    try {
      ask = JSON.parse(body) as typeof ask;
    } catch {
      return refuse(400, 'PARAM_ERROR', 'body is not JSON');
    }
    const refund = ask.amount?.refund;
    const total = ask.amount?.total;
    if (
      !ask.out_trade_no ||
      !ask.out_refund_no ||
      !Number.isSafeInteger(refund) ||
      !Number.isSafeInteger(total) ||
      (ask.amount?.currency ?? 'CNY') !== 'CNY'
    )
      return refuse(400, 'PARAM_ERROR', 'out_trade_no, out_refund_no and amount are required');
    const result = await refundTrade('wechat', ask.out_trade_no, ask.out_refund_no, refund!);
    if (!result.ok) {
      if (result.why === 'not_found') return refuse(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (result.why === 'mismatch')
        return refuse(400, 'PARAM_ERROR', '同一退款单号的退款金额与之前请求不一致');
      return refuse(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    }
    if (total !== result.total) return refuse(400, 'PARAM_ERROR', '订单金额与原订单不一致');
    const at = new Date(result.refund.at).toISOString();
    return signedAnswer(reply, {
      refund_id: result.refund.refund_id,
      out_refund_no: ask.out_refund_no,
      transaction_id: result.refund.trade_no,
      out_trade_no: ask.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      success_time: at,
      create_time: at,
      status: 'SUCCESS',
      funds_account: 'AVAILABLE',
      amount: {
        total: result.total,
        refund: refund!,
        payer_total: result.total,
        payer_refund: refund!,
        settlement_total: result.total,
        settlement_refund: refund!,
        discount_refund: 0,
        currency: 'CNY',
      },
    });
  });

  // The shop's H5 order call (a phone's browser, decision 032): scene_info with the payer's
  // address and h5_info.type are required, as by WeChat Pay; answers a signed h5_url.
  app.post(`${SANDBOX_PREFIX}/wechat/v3/pay/transactions/h5`, async (req, reply) => {
    const order = readOrder(req, reply);
    if (!order) return reply;
    const scene = order.scene_info;
    if (
      typeof scene?.payer_client_ip !== 'string' ||
      !scene.payer_client_ip ||
      !['iOS', 'Android', 'Wap'].includes(String(scene.h5_info?.type))
    )
      return reply.code(400).send({
        code: 'PARAM_ERROR',
        message: 'scene_info.payer_client_ip and h5_info.type are required',
      });
    const token = link({ out_trade_no: order.out_trade_no!, total: order.amount!.total! });
    return signedAnswer(reply, { h5_url: `${origin}${SANDBOX_PREFIX}/wechat/h5?prepay_id=${token}` });
  });
}

/** The pages a buyer sees: the phone's (H5) confirmation and the scanned QR code's, and paying. */
function buyerPages(app: FastifyInstance, { readLink, invalidLink, returnTo, confirmPay }: WechatKit): void {
  // What h5_url opens on the phone: the sandbox's "WeChat" confirmation, in place of the app.
  app.get(`${SANDBOX_PREFIX}/wechat/h5`, async (req, reply) => {
    const query = req.query as Record<string, string | undefined>;
    const token = String(query.prepay_id ?? '');
    const pay = readLink(token);
    if (!pay) return invalidLink(reply);
    const back = returnTo(query.redirect_url);
    return sandboxPage(
      reply,
      'WeChat Pay sandbox',
      `<span class="badge">SANDBOX 沙箱 · no real money</span>
<h1>微信支付沙箱 · WeChat Pay sandbox</h1>
<p class="meta">H5 · 手机浏览器支付 · paying from a phone's browser</p>
<div class="card"><p class="meta">${esc(pay.out_trade_no)}</p>
<p class="amount" data-testid="sandbox-amount">¥${esc(formatMinor(pay.total, 'CNY'))}</p>
<p class="meta">A real shop would open the WeChat app here to confirm the payment.</p></div>
<form method="post" action="${SANDBOX_PREFIX}/wechat/h5/pay"><input type="hidden" name="token" value="${esc(token)}">
${back ? `<input type="hidden" name="redirect_url" value="${esc(back)}">` : ''}
<button class="wx" type="submit">确认支付 · Pay</button>
${back ? `<a href="${esc(back)}">取消 · Cancel</a>` : ''}</form>`,
    );
  });

  // "Paying" on the phone: the notification, then back to the shop like WeChat Pay's redirect_url.
  app.post(`${SANDBOX_PREFIX}/wechat/h5/pay`, async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, string>;
    return confirmPay(reply, String(form.token ?? ''), 'MWEB', returnTo(form.redirect_url));
  });

  // What scanning the QR code opens: the sandbox's "WeChat" confirmation page.
  app.get(`${SANDBOX_PREFIX}/wechat/qr/:token`, async (req, reply) => {
    const token = (req.params as { token: string }).token;
    const pay = readLink(token);
    if (!pay) return invalidLink(reply);
    return sandboxPage(
      reply,
      'WeChat Pay sandbox',
      `<span class="badge">SANDBOX 沙箱 · no real money</span>
<h1>微信支付沙箱 · WeChat Pay sandbox</h1>
<div class="card"><p class="meta">${esc(pay.out_trade_no)}</p>
<p class="amount" data-testid="sandbox-amount">¥${esc(formatMinor(pay.total, 'CNY'))}</p></div>
<form method="post" action="${SANDBOX_PREFIX}/wechat/pay"><input type="hidden" name="token" value="${esc(token)}">
<button class="wx" type="submit">确认支付 · Pay</button></form>`,
    );
  });

  // "Paying" the scanned code: WeChat Pay sends the encrypted, signed notification to the shop.
  app.post(`${SANDBOX_PREFIX}/wechat/pay`, async (req, reply) => {
    return confirmPay(reply, String((req.body as Record<string, string>)?.token ?? ''), 'NATIVE');
  });
}

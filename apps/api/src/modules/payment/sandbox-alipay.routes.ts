import { formatMinor, parseDecimal } from '@shop/domain/money';
import type { FastifyInstance } from 'fastify';
import { escapeHtml as esc } from '../../plugins/html.ts';
import { signAlipayNotice, signAlipayResponse, verifyAppRequest } from './alipay.ts';
import { NOTIFY_PATHS, SANDBOX_PREFIX, type SandboxKeys } from './gateways.ts';
import { digits, type RefundBook, sandboxPage, type SandboxSeal, stamp } from './sandbox-kit.ts';

// The sandbox's Alipay (decision 019): the pay page the shop sends the buyer to, the OpenAPI
// gateway (refunds, issue 15), and "paying", which notifies the shop and sends the buyer back.

/** Registers the sandbox's Alipay routes. */
export function alipaySandbox(
  app: FastifyInstance,
  keys: SandboxKeys,
  seal: SandboxSeal,
  book: RefundBook,
): void {
  payPage(app, keys, seal);
  openApi(app, keys, book);
  paying(app, keys, seal);
}

type AlipayPay = {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  return_url: string;
};

/** The pay page the shop sends the buyer to. */
function payPage(app: FastifyInstance, keys: SandboxKeys, { seal }: SandboxSeal): void {
  // The shop sends the buyer here with a request signed by its app key (pageExec, GET).
  app.get(`${SANDBOX_PREFIX}/alipay/gateway.do`, async (req, reply) => {
    const params = req.query as Record<string, string>;
    if (!verifyAppRequest(params, keys.alipay.appPublicKey) || params.app_id !== keys.alipay.appId)
      return sandboxPage(
        reply,
        'Alipay sandbox',
        '<h1>支付宝沙箱 · Alipay sandbox</h1><p>Invalid signature.</p>',
        400,
      );
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const amount = parseDecimal(biz.total_amount ?? '', 'CNY');
    if (!biz.out_trade_no || amount === undefined)
      return sandboxPage(
        reply,
        'Alipay sandbox',
        '<h1>支付宝沙箱</h1><p>Missing out_trade_no or total_amount.</p>',
        400,
      );
    const token = seal({
      out_trade_no: biz.out_trade_no,
      total_amount: formatMinor(amount, 'CNY'),
      subject: biz.subject ?? '',
      notify_url: params.notify_url ?? '',
      return_url: params.return_url ?? '',
    } satisfies AlipayPay);
    return sandboxPage(
      reply,
      'Alipay sandbox',
      `<span class="badge">SANDBOX 沙箱 · no real money</span>
<h1>支付宝沙箱 · Alipay sandbox</h1>
<div class="card"><p class="meta">${esc(biz.subject ?? '')} · ${esc(biz.out_trade_no)}</p>
<p class="amount" data-testid="sandbox-amount">¥${esc(formatMinor(amount, 'CNY'))}</p>
<p class="meta">${esc(params.method ?? '')}</p></div>
<form method="post" action="${SANDBOX_PREFIX}/alipay/pay"><input type="hidden" name="token" value="${esc(token)}">
<button class="pay" type="submit" name="result" value="paid">确认付款 · Pay</button>
<a href="${esc(params.return_url ?? '/')}">取消 · Cancel</a></form>`,
    );
  });
}

/** The shop's OpenAPI calls: refunds. */
function openApi(app: FastifyInstance, keys: SandboxKeys, { refundTrade }: RefundBook): void {
  // The shop's OpenAPI calls (the SDK's exec: common parameters in the query, biz_content in
  // the form): alipay.trade.refund (issue 15), answered signed with Alipay's key.
  app.post(`${SANDBOX_PREFIX}/alipay/gateway.do`, async (req, reply) => {
    const params = {
      ...(req.query as Record<string, string>),
      ...((req.body ?? {}) as Record<string, string>),
    };
    const responseKey = `${String(params.method ?? 'error').replace(/\./g, '_')}_response`;
    const answer = (data: Record<string, string>) =>
      reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(signAlipayResponse(responseKey, data, keys.alipay.alipayPrivateKey));
    const refuse = (code: string, subCode: string, subMsg: string) =>
      answer({
        code,
        msg: code === '40002' ? 'Invalid Arguments' : 'Business Failed',
        sub_code: subCode,
        sub_msg: subMsg,
      });
    if (!verifyAppRequest(params, keys.alipay.appPublicKey) || params.app_id !== keys.alipay.appId)
      return refuse('40002', 'isv.invalid-signature', '验签出错');
    if (params.method !== 'alipay.trade.refund')
      return refuse('40002', 'isv.invalid-method', '不存在的方法名');
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, string>;
    } catch {
      return refuse('40002', 'isv.invalid-parameter', 'biz_content 不是 JSON');
    }
    const amount = parseDecimal(String(biz.refund_amount ?? ''), 'CNY');
    if (!biz.out_trade_no || !biz.out_request_no || amount === undefined)
      return refuse('40004', 'ACQ.INVALID_PARAMETER', '缺少 out_trade_no、out_request_no 或 refund_amount');
    const result = await refundTrade('alipay', biz.out_trade_no, biz.out_request_no, amount);
    if (!result.ok)
      return result.why === 'not_found'
        ? refuse('40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在')
        : refuse('40004', 'ACQ.REASON_TRADE_REFUND_FEE_ERR', '退款金额无效');
    return answer({
      code: '10000',
      msg: 'Success',
      trade_no: result.refund.trade_no,
      out_trade_no: biz.out_trade_no,
      buyer_logon_id: 'san***@sandbox.test',
      fund_change: result.again ? 'N' : 'Y',
      refund_fee: formatMinor(result.refunded, 'CNY'),
      gmt_refund_pay: stamp(new Date(result.refund.at)),
    });
  });
}

/** "Paying" on the pay page: the signed notification to the shop, then the buyer back. */
function paying(app: FastifyInstance, keys: SandboxKeys, { open }: SandboxSeal): void {
  // "Paying": Alipay notifies the shop (signed with Alipay's key), then sends the buyer back.
  app.post(`${SANDBOX_PREFIX}/alipay/pay`, async (req, reply) => {
    const pay = open<AlipayPay>(String((req.body as Record<string, string>)?.token ?? ''));
    if (!pay)
      return sandboxPage(reply, 'Alipay sandbox', '<h1>支付宝沙箱</h1><p>Invalid payment link.</p>', 400);
    const now = new Date();
    const notice = signAlipayNotice(
      {
        app_id: keys.alipay.appId,
        seller_id: keys.alipay.sellerId,
        out_trade_no: pay.out_trade_no,
        trade_no: `${now.toISOString().slice(0, 10).replace(/-/g, '')}2200${digits(16)}`,
        total_amount: pay.total_amount,
        receipt_amount: pay.total_amount,
        trade_status: 'TRADE_SUCCESS',
        subject: pay.subject,
        buyer_id: '2088000000000001',
        notify_type: 'trade_status_sync',
        notify_id: digits(32),
        notify_time: stamp(now),
        gmt_payment: stamp(now),
        charset: 'utf-8',
        version: '1.0',
      },
      keys.alipay.alipayPrivateKey,
    );
    const answer = await app.inject({
      method: 'POST',
      url: new URL(pay.notify_url || NOTIFY_PATHS.alipay, 'http://sandbox').pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams(notice).toString(),
    });
    if (answer.body !== 'success')
      return sandboxPage(
        reply,
        'Alipay sandbox',
        `<h1>支付宝沙箱</h1><p>The shop answered: ${esc(answer.body)}</p>`,
        502,
      );
    return reply.redirect(pay.return_url || '/', 303);
  });
}

import type { Currency } from '@shop/domain/locale';
import { formatMoney } from '@shop/domain/money';
import { rateText } from '@shop/domain/pricing';
import type { Selectable } from 'kysely';
import type { Executor, OrdersTable } from '../../db/database.ts';
import { shipToLine } from '../address/address.service.ts';
import { noticeBuyer } from '../messaging/buyer-notice.ts';
import { templatedMail } from '../messaging/mail-templates.service.ts';

// The receipt mailed when an order is paid (issue 12, decision 031): every line as unit × num,
// the subtotal, the total and, for an order in another currency than CNY, the CNY charged with
// the rate it was converted at: the figures of the order detail, which add up. Written in the
// language the order was made in (its currency follows the language, SPEC §9); queued in the
// payment's transaction, by email only.

type Lang = 'zh' | 'en';

const WORDS = {
  zh: {
    colon: '：',
    intro: (oid: string) => `感谢您的购买，订单 ${oid} 已支付。`,
    player: (id: string) => `玩家ID ${id}`,
    list: '原价合计',
    tier: '数量优惠',
    level: '会员优惠',
    coupon: (code: string) => `优惠码 ${code}`,
    subtotal: '商品小计',
    total: '订单金额',
    charged: '实际扣款（人民币）',
    rate: (rate: string, currency: Currency) => `按下单时汇率 1 CNY = ${rate} ${currency} 折算`,
    paidBy: '支付方式',
    shipTo: '收货地址',
    methods: { balance: '余额', alipay: '支付宝', wechat: '微信支付' } as Record<string, string>,
    outro: '订单详情可在「我的订单」中查看。',
  },
  en: {
    colon: ': ',
    intro: (oid: string) => `Thank you. Order ${oid} is paid.`,
    player: (id: string) => `Player ID ${id}`,
    list: 'List price total',
    tier: 'Quantity discount',
    level: 'Member discount',
    coupon: (code: string) => `Code ${code}`,
    subtotal: 'Subtotal',
    total: 'Order total',
    charged: 'Charged in CNY',
    rate: (rate: string, currency: Currency) =>
      `Converted at 1 CNY = ${rate} ${currency}, the rate frozen with the order`,
    paidBy: 'Paid by',
    shipTo: 'Ships to',
    methods: { balance: 'Balance', alipay: 'Alipay', wechat: 'WeChat Pay' } as Record<string, string>,
    outro: 'The order is under My orders.',
  },
};

export const receiptSubject = (oid: string) => `订单 ${oid} 已支付 / Order ${oid} paid`;

type ReceiptOrder = {
  oid: string;
  currency: Currency;
  total_amount: number;
  total_cny: number;
  exchange_rate_ppm: number;
  pay_method: string | null;
  /** The discounts frozen on the order (issue 31); absent: none. */
  list_amount?: number;
  tier_discount?: number;
  level_discount?: number;
  coupon_discount?: number;
  coupon_code?: string | null;
  /** The address copied onto an order of shipped goods (JSON, decision 030); null otherwise. */
  ship_address?: string | null;
};
type ReceiptItem = {
  goods_name_zh: string;
  goods_name_en: string;
  spec_zh: string;
  spec_en: string;
  player_id: string;
  server_zh: string;
  server_en: string;
  player_nickname: string;
  num: number;
  unit_price: number;
};

/** The receipt's text: pure, so its figures are tested without a mail server. */
export function receiptBody(order: ReceiptOrder, items: readonly ReceiptItem[]): string {
  const w = WORDS[langOf(order)];
  return [w.intro(order.oid), '', receiptDetails(order, items), '', w.outro].join('\n');
}

const langOf = (order: { currency: Currency }): Lang => (order.currency === 'CNY' ? 'zh' : 'en');

/** The lines, discounts, totals, payment and address of a receipt: its template's `{{details}}`. */
export function receiptDetails(order: ReceiptOrder, items: readonly ReceiptItem[]): string {
  const lang = langOf(order);
  const w = WORDS[lang];
  const money = (minor: number) => formatMoney(minor, order.currency);
  const lines: string[] = [];
  let subtotal = 0;
  for (const item of items) {
    const name = lang === 'en' ? item.goods_name_en : item.goods_name_zh;
    const spec = lang === 'en' ? item.spec_en : item.spec_zh;
    const server = lang === 'en' ? item.server_en : item.server_zh;
    const amount = item.unit_price * item.num;
    subtotal += amount;
    lines.push(spec ? `${name} · ${spec}` : name);
    if (item.player_id)
      lines.push(`  ${[w.player(item.player_id), server, item.player_nickname].filter(Boolean).join(' · ')}`);
    lines.push(`  ${money(item.unit_price)} × ${item.num} = ${money(amount)}`);
  }
  lines.push('');
  // The discounts as the order froze them (decision 069): list − tier − level = subtotal;
  // subtotal − code = total.
  const tier = Number(order.tier_discount ?? 0);
  const level = Number(order.level_discount ?? 0);
  const coupon = Number(order.coupon_discount ?? 0);
  if (tier > 0 || level > 0) lines.push(`${w.list}${w.colon}${money(Number(order.list_amount ?? subtotal))}`);
  if (tier > 0) lines.push(`${w.tier}${w.colon}-${money(tier)}`);
  if (level > 0) lines.push(`${w.level}${w.colon}-${money(level)}`);
  lines.push(`${w.subtotal}${w.colon}${money(subtotal)}`);
  if (coupon > 0) lines.push(`${w.coupon(order.coupon_code ?? '')}${w.colon}-${money(coupon)}`);
  lines.push(`${w.total}${w.colon}${money(order.total_amount)}`);
  if (order.currency !== 'CNY') {
    lines.push(
      `${w.charged}${w.colon}${formatMoney(order.total_cny, 'CNY')}`,
      w.rate(rateText(BigInt(order.exchange_rate_ppm)), order.currency),
    );
  }
  if (order.pay_method) lines.push(`${w.paidBy}${w.colon}${w.methods[order.pay_method] ?? order.pay_method}`);
  const shipTo = shipToLine(order.ship_address ?? null, lang === 'en' ? 'en' : 'zh-CN', { maskPhone: true });
  if (shipTo) lines.push(`${w.shipTo}${w.colon}${shipTo}`);
  return lines.join('\n');
}

/** In the payment's transaction: the receipt of a paid order, to the buyer's email if they have one. */
export async function queueReceiptMail(
  trx: Executor,
  order: Selectable<OrdersTable> & { userId: number },
  items: readonly ReceiptItem[],
  now: number,
) {
  const receipt: ReceiptOrder = {
    oid: order.oid,
    currency: order.currency,
    total_amount: order.total_amount,
    total_cny: order.total_cny,
    exchange_rate_ppm: order.exchange_rate_ppm,
    pay_method: order.pay_method,
    ship_address: order.ship_address,
    list_amount: Number(order.list_amount),
    tier_discount: Number(order.tier_discount),
    level_discount: Number(order.level_discount),
    coupon_discount: Number(order.coupon_discount),
    coupon_code: order.coupon_code,
  };
  // The operator's template in the order's language (issue 32), else the built-in receipt.
  const mail = await templatedMail(trx, 'order_paid', langOf(order) === 'zh' ? 'zh-CN' : 'en', {
    oid: order.oid,
    details: receiptDetails(receipt, items),
    total: formatMoney(order.total_amount, order.currency),
  });
  return noticeBuyer(trx, order.userId, {
    subject: mail?.subject ?? receiptSubject(order.oid),
    body: mail?.body ?? receiptBody(receipt, items),
    now,
    emailOnly: true,
  });
}

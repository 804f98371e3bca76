import { MAX_LINE_QUANTITY, PLAYER_ID_MAX_LENGTH } from '@shop/domain/constants';
import { z } from 'zod';
import { ignored, REASON, text } from './text.ts';

// Cart endpoints (SPEC §3, §7; issue 5). The server prices every line in the request Currency;
// whatever `price` or `currency` a client sends is ignored.

/** Most lines one cart may hold. */
export const CART_MAX_LINES = 100;
/** Most items one add call may carry. */
export const CART_MAX_ITEMS_PER_ADD = 20;

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A whole number sent as a number or a digit string. */
const wholeNumber = z.union([
  z.number(),
  text({ max: 32 })
    .regex(/^-?\d+(\.\d+)?$/, REASON.wholeNumber)
    .transform(Number),
]);
const optionalRef = z
  .union([z.literal(''), z.null(), wholeNumber])
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined || v === 0 ? undefined : v))
  .pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional());
const quantity = wholeNumber.pipe(
  z.number().int(REASON.wholeNumber).min(1).max(MAX_LINE_QUANTITY).describe(`1–${MAX_LINE_QUANTITY}`),
);

export const cartAddItem = z.object({
  goods_id: wholeNumber.pipe(id),
  goods_sku_id: optionalRef.describe('Required for spec_type 1 goods'),
  num: quantity.default(1),
  face_value: optionalRef.describe('Required for spec_type 2 goods, e.g. 60'),
  currency: ignored('Ignored: the server prices every line'),
  price: ignored('Ignored: the server prices every line'),
  player_id: text({ max: PLAYER_ID_MAX_LENGTH })
    .optional()
    .describe('Required for direct top-ups (recharge_type 2)'),
  server_id: optionalRef.describe('A server of the game; required for direct top-ups'),
  server: ignored('Ignored: the server name comes from server_id'),
});
export type CartAddItem = z.input<typeof cartAddItem>;

export const cartAddBody = z.object({
  items: z.array(cartAddItem).min(1).max(CART_MAX_ITEMS_PER_ADD),
  is_buy_now: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
    .default(0)
    .transform((v) => v === 1 || v === '1' || v === true),
});

export const cartUpdateBody = z.object({ id: wholeNumber.pipe(id), num: quantity });
export const cartRemoveBody = z.object({
  id: z.union([wholeNumber.pipe(id), z.array(wholeNumber.pipe(id)).min(1).max(CART_MAX_LINES)]),
});

const money = z.string().regex(/^\d+\.\d{2}$/);

export const cartLine = z
  .object({
    id: z.number().int(),
    num: z.number().int(),
    goods_id: z.number().int(),
    goods_sku_id: z.number().int().describe('0 for face-value goods'),
    spec_type: z.number().int(),
    face_value: z.number().int().describe('0 for SKU goods'),
    currency: z.enum(['CNY', 'USD']),
    price: money.describe('Unit price now, in `currency`: after a quantity tier or your member level'),
    list_price: money.describe('Unit list price (issue 31)'),
    tier_min: z.number().int().nullable().describe('The quantity tier that gave `price` ("10+"); null: none'),
    player_id: z.string(),
    server_id: z.number().int().describe('0 when not a direct top-up'),
    server: z.string(),
    nickname: z.string().describe("Direct top-ups: the player's name as the supplier gave it; '' otherwise"),
    recharge_type: z.number().int(),
    ships: z.boolean().describe('Shipped to an address: its order is paid only with one (decision 030)'),
    topup_quantity: z
      .boolean()
      .describe('false: a direct top-up face value bought once per line (no quantity stepper)'),
    goods_name: z.string(),
    image: z.string(),
    spec: z.string().describe('The SKU name or the face-value label'),
    total_price: money.describe('price × num'),
    stock: z.number().int().nullable().describe('null: unlimited'),
    available: z.boolean().describe('On sale with enough stock; only these count in total_pay_price'),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof cartLine>;

/** cart/show: `data` is the list of lines; `count` and `total_pay_price` sit beside it (SPEC §7). */
export const cartShowResponse = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.array(cartLine),
  count: z.number().int().describe('Sum of the quantities of the lines'),
  total_pay_price: money.describe('Sum of the available lines, in `currency`'),
  total_cny: money.describe(
    'The CNY an order of the available lines would charge: total_pay_price in CNY, round(total_pay_price ÷ exchange_rate) in USD (decision 031)',
  ),
  exchange_rate: z.string().describe('The CNY→USD rate now, e.g. "0.138000"; an order freezes it'),
  currency: z.enum(['CNY', 'USD']),
});

export const cartCount = z.object({ count: z.number().int() });
export const cartAddResult = z.object({
  ids: z.array(z.number().int()).describe('The line of each item, in order (merged lines keep their id)'),
  count: z.number().int(),
});
export const cartUpdateResult = z.object({
  id: z.number().int(),
  num: z.number().int(),
  count: z.number().int(),
});

// The schemas and OpenAPI texts of every endpoint of `endpoints.ts`, keyed by the same names:
// the API validates and serialises with them and the OpenAPI document is generated from them.
// The web imports only their types (zod stays out of the browser bundle).
import {
  loginBody,
  profileBody,
  registerBody,
  setPasswordBody,
  tokenData,
  userInfo,
  captchaData,
  sendEmailCodeBody,
  sendSmsCodeBody,
} from './account.ts';
import { envelope, pageOf } from './envelope.ts';
import { orderCouponBody, quote, quoteBody } from './promotions.ts';
import { z } from 'zod';
import {
  ADDRESS_MAX,
  address,
  addressIdBody,
  addressListQuery,
  addressPage,
  createAddressBody,
  orderAddress,
  updateAddressBody,
} from './address.ts';
import {
  orderAddressBody,
  cardExportQuery,
  cardListQuery,
  cardPage,
  revealBody,
  revealedCard,
  revealedOrderCards,
  revealOrderBody,
  createOrderBody,
  createOrderResult,
  IDEMPOTENCY_HEADER,
  idempotencyKey,
  oidBody,
  oidQuery,
  orderListQuery,
  orderPage,
  orderDetail,
  payBody,
  payResult,
} from './order.ts';
import {
  cartAddBody,
  cartAddResult,
  cartCount as cartCountData,
  cartRemoveBody,
  cartShowResponse,
  cartUpdateBody,
  cartUpdateResult,
} from './cart.ts';
import {
  categoryGoods,
  categoryGoodsQuery,
  categoryTree,
  goodsDetail,
  goodsPage,
  idQuery,
  playerInfo,
  playerQuery,
  searchQuery,
  customModule,
  customModuleGoodsQuery,
  customModuleQuery,
  swiperItem,
  swiperQuery,
  zoneDetail,
  zoneSummary,
} from './catalog.ts';
import {
  articleDetail,
  articleIdQuery,
  articleListQuery,
  articleSummary,
  linkList,
  regionTree,
} from './content.ts';
import { ORDER_STATUSES } from '@shop/domain/order';
import {
  rechargeBody,
  rechargeResult,
  rechargeStatus,
  rechargeStatusQuery,
  balanceLogQuery,
  ledgerPage,
} from './wallet.ts';
import { forgetPlayerBody, recentPlayers as recentPlayersData, recentPlayersQuery } from './player.ts';
import { siteConfig } from './site-config.ts';
import {
  closeTicketBody,
  createTicketBody,
  replyTicketBody,
  ticketDetail as ticketDetailData,
  ticketIdQuery,
  ticketListQuery,
  ticketPage,
} from './support.ts';
import { uploadGrant, uploadResult } from './upload.ts';
import type { Endpoint, EndpointName, endpoints } from './endpoints.ts';
import type { AdminEndpointName, adminEndpoints } from './admin/endpoints.ts';
import type { adminEndpointSchemas } from './admin/endpoint-schemas.ts';

/** What the API needs to register one endpoint (the method, path and auth come from `endpoints`). */
export interface EndpointSchema {
  tags: string[];
  summary: string;
  headers?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  consumes?: string[];
  /** The whole 200 body (usually `envelope(data)`), or an OpenAPI response for a file. */
  response: z.ZodType | { description: string; content: Record<string, { schema: z.ZodType }> };
}

export const endpointSchemas = {
  login: {
    tags: ['account'],
    summary:
      'Log in with an email or phone and a password; data.token goes in the Authorization header. After 3 failures for an account the captcha fields are required (body code 40001 until they are sent)',
    body: loginBody,
    response: envelope(tokenData),
  },
  logout: {
    tags: ['account'],
    summary: 'Revoke the token in use (answers the same for any token)',
    response: envelope(z.null()),
  },
  userInfo: {
    tags: ['account'],
    summary: 'The logged-in user (SPEC §3)',
    response: envelope(userInfo),
  },
  profileUpdate: {
    tags: ['account'],
    summary: 'Update the profile: nickname, avatar, sex, birthday, name (absent fields are kept)',
    body: profileBody,
    response: envelope(userInfo),
  },
  register: {
    tags: ['account'],
    summary:
      'Register with an email or phone, the 6-digit code sent to it, and a password (8–128); returns a token',
    body: registerBody,
    response: envelope(tokenData),
  },
  setPassword: {
    tags: ['account'],
    summary:
      'Change the password ({old_password, password}, logged in; after 3 wrong old passwords the captcha fields are required, body code 40001 until they are sent) or reset it ({account, code, password}, with a reset code); revokes every token and returns a new one',
    body: setPasswordBody,
    response: envelope(tokenData),
  },
  addressList: {
    tags: ['address'],
    summary: `Your shipping addresses, the default first (at most ${ADDRESS_MAX})`,
    query: addressListQuery,
    response: envelope(addressPage),
  },
  addressCreate: {
    tags: ['address'],
    summary: `Add an address (regions are ids of /region/list: the district in the city, the city in the province). The first one is the default. At most ${ADDRESS_MAX} (409)`,
    body: createAddressBody,
    response: envelope(address),
  },
  addressUpdate: {
    tags: ['address'],
    summary:
      'Change one of your addresses; is_default true makes it the default (the default stays so until another is made the default). Orders keep the copy they have',
    body: updateAddressBody,
    response: envelope(address),
  },
  addressRemove: {
    tags: ['address'],
    summary:
      'Remove one of your addresses; if it was the default, the most recently changed one left becomes it',
    body: addressIdBody,
    response: envelope(z.object({ id: z.number().int() })),
  },
  addressDefault: {
    tags: ['address'],
    summary: 'Make one of your addresses the default (copied onto new orders of goods that ship)',
    body: addressIdBody,
    response: envelope(address),
  },
  orderAddress: {
    tags: ['order'],
    summary:
      'Ship one of your unpaid orders to one of your addresses: a copy is put on the order (a later edit of the address does not change it). Only for orders with goods that ship, only before payment',
    body: orderAddressBody,
    response: envelope(z.object({ address: orderAddress })),
  },
  cartShow: {
    tags: ['cart'],
    summary:
      'The cart: `data` is the list of lines (newest first), priced now in the request Currency; `count` (sum of quantities) and `total_pay_price` (available lines only) sit beside it',
    response: cartShowResponse,
  },
  cartCount: {
    tags: ['cart'],
    summary: 'Sum of the quantities in the cart',
    response: envelope(cartCountData),
  },
  cartAdd: {
    tags: ['cart'],
    summary:
      'Add items (all or nothing). A line matching by SPEC §4 (spec_type 2: goods_id + face_value, else goods_sku_id; recharge_type 2 also player_id + server_id) grows by num, up to 99 and the stock. price, currency and server are ignored. is_buy_now 1 keeps the item on its own line, outside the cart',
    body: cartAddBody,
    response: envelope(cartAddResult),
  },
  cartUpdate: {
    tags: ['cart'],
    summary: 'Set the quantity of one of your lines (1–99; more than the stock is refused)',
    body: cartUpdateBody,
    response: envelope(cartUpdateResult),
  },
  cartRemove: {
    tags: ['cart'],
    summary: 'Remove one of your lines (or several: id may be a list); all or nothing',
    body: cartRemoveBody,
    response: envelope(z.null()),
  },
  categoryList: {
    tags: ['catalog'],
    summary: 'Category tree, in the request language',
    response: envelope(categoryTree),
  },
  categoryGoods: {
    tags: ['catalog'],
    summary: 'A category with the goods of it and its subcategories, paged and sorted',
    query: categoryGoodsQuery,
    response: envelope(categoryGoods),
  },
  goodsDetail: {
    tags: ['catalog'],
    summary: 'Goods with its SKUs or face values, prices in the request currency, stock state and servers',
    query: idQuery,
    response: envelope(goodsDetail),
  },
  goodsSearch: {
    tags: ['catalog'],
    summary: 'Search goods by keyword (zh-CN and en; substring match, so Chinese needs no spaces)',
    query: searchQuery,
    response: envelope(goodsPage),
  },
  goodsPlayer: {
    tags: ['catalog'],
    summary: 'Check a player id on a server of a direct top-up game; 404 when not found',
    query: playerQuery,
    response: envelope(playerInfo),
  },
  linkList: {
    tags: ['content'],
    summary: 'Footer links, in the request language',
    response: envelope(linkList),
  },
  swiperList: {
    tags: ['content'],
    summary: 'Banners of a position (default home)',
    query: swiperQuery,
    response: envelope(z.array(swiperItem)),
  },
  customModuleList: {
    tags: ['content'],
    summary: 'Home sections of a position (default home); their goods come from customModule/goods',
    query: customModuleQuery,
    response: envelope(z.array(customModule)),
  },
  customModuleGoods: {
    tags: ['content'],
    summary: 'Goods of a home section, in its order, paged',
    query: customModuleGoodsQuery,
    response: envelope(goodsPage),
  },
  zoneList: {
    tags: ['content'],
    summary: 'Zones (curated landing pages) that are shown',
    response: envelope(z.array(zoneSummary)),
  },
  zoneDetail: {
    tags: ['content'],
    summary: 'A zone (curated landing page) with its goods',
    query: idQuery,
    response: envelope(zoneDetail),
  },
  articleList: {
    tags: ['content'],
    summary: 'Articles (help and news), paged',
    query: articleListQuery,
    response: envelope(pageOf(articleSummary)),
  },
  articleDetail: {
    tags: ['content'],
    summary: 'One article',
    query: articleIdQuery,
    response: envelope(articleDetail),
  },
  regionList: {
    tags: ['content'],
    summary: 'Regions: province → city → district',
    response: envelope(regionTree),
  },
  orderCards: {
    tags: ['order'],
    summary:
      'Your delivered card keys without their secrets: one order\u2019s with oid, else all of them, newest first (reveal to see a secret)',
    query: cardListQuery,
    response: envelope(cardPage),
  },
  cardReveal: {
    tags: ['order'],
    summary: 'The secret of one of your delivered card keys; every reveal is recorded',
    body: revealBody,
    response: envelope(revealedCard),
  },
  cardRevealAll: {
    tags: ['order'],
    summary: 'The secrets of every delivered card key of one of your orders; each reveal is recorded',
    body: revealOrderBody,
    response: envelope(revealedOrderCards),
  },
  cardExport: {
    tags: ['order'],
    summary:
      'Your card keys revealed before, newest first, as CSV for spreadsheets (UTF-8 with BOM); each is recorded as a reveal',
    query: cardExportQuery,
    response: {
      description: 'CSV: order number, delivery time, goods, option, card key',
      content: { 'text/csv': { schema: z.string() } },
    },
  },
  orderCreate: {
    tags: ['order'],
    summary:
      'Order cart lines ({ cart_ids }) or items directly ({ items }, as cart add). Prices, currency, rate and CNY equivalent are frozen; counted stock is reserved; the lines leave the cart. With an Idempotency-Key header a repeat returns the same oid (the same key with another body: 422). Unpaid orders are cancelled after the order timeout set in the console (default ORDER_TIMEOUT_MINUTES)',
    headers: z.object({ [IDEMPOTENCY_HEADER]: idempotencyKey.optional() }),
    body: createOrderBody,
    response: envelope(createOrderResult),
  },
  orderQuote: {
    tags: ['order'],
    summary:
      "What cart lines ({ cart_ids }) or items ({ items }) cost now: list prices, quantity tiers, your member level and, with coupon_code, the code's discount (a code that gives nothing here says why in `coupon`). Guessing codes is throttled per buyer and per address",
    body: quoteBody,
    response: envelope(quote),
  },
  orderCoupon: {
    tags: ['order'],
    summary:
      "Apply a promotion code to one of your unpaid orders, which is priced again (its rate stays), or remove it with code ''. Refused (409) once a payment of the order was started. Throttled as order/quote",
    body: orderCouponBody,
    response: envelope(orderDetail),
  },
  orderList: {
    tags: ['order'],
    summary: `Your orders, newest first; status filter: ${ORDER_STATUSES.join(', ')}`,
    query: orderListQuery,
    response: envelope(orderPage),
  },
  orderDetail: {
    tags: ['order'],
    summary:
      'One of your orders, with its refunds (amount in the order currency and CNY, reason, time, destination) and the card-key items whose keys a refund withdrew',
    query: oidQuery,
    response: envelope(orderDetail),
  },
  orderCancel: {
    tags: ['order'],
    summary: 'Cancel one of your unpaid orders; its reserved stock is released',
    body: oidBody,
    response: envelope(z.object({ status: z.literal('cancelled') })),
  },
  orderPay: {
    tags: ['order'],
    summary:
      'Pay one of your unpaid orders. balance: debited with its ledger entry in the same transaction as the status change (never below zero) → { status: "paid" }. alipay → { pay_url } (page pay, or wap pay on phones); wechat → { code_url, qr_image } (Native), or on a phone’s browser { pay_url } (H5, back to the order’s detail page); the order turns paid when the provider’s verified notification arrives (poll /order/pay/status). Each method only while its order_*_switch is on',
    body: payBody,
    response: envelope(payResult),
  },
  orderPayStatus: {
    tags: ['order'],
    summary: 'Payment state of one of your orders, for polling',
    query: oidQuery,
    response: envelope(
      z.object({
        oid: z.string(),
        status: z.enum(ORDER_STATUSES),
        paid_at: z.number().int().nullable(),
      }),
    ),
  },
  recharge: {
    tags: ['wallet'],
    summary:
      'Top the wallet up by Alipay (pay_url) or WeChat Pay (code_url + qr_image; on a phone pay_url, H5), ¥1.00–¥50,000.00, while balance_*_switch is on; the balance and its ledger entry change when the provider’s notification arrives. With return_oid the provider sends the buyer back to that order’s checkout',
    body: rechargeBody,
    response: envelope(rechargeResult),
  },
  rechargeStatus: {
    tags: ['wallet'],
    summary: 'State of one of your recharges, for polling',
    query: rechargeStatusQuery,
    response: envelope(rechargeStatus),
  },
  playerRecent: {
    tags: ['player'],
    summary:
      'Your game accounts of one direct top-up goods, most recently ordered first (at most 5): server, player id and the nickname the supplier gave',
    query: recentPlayersQuery,
    response: envelope(recentPlayersData),
  },
  playerRecentRemove: {
    tags: ['player'],
    summary: 'Forget one of your remembered game accounts (another buyer’s id: 404)',
    body: forgetPlayerBody,
    response: envelope(z.null()),
  },
  siteConfig: {
    tags: ['app'],
    summary: 'Site config (SPEC §3): logo, footer texts, support info and the five payment switches',
    response: envelope(siteConfig),
  },
  supportList: {
    tags: ['support'],
    summary: 'Your tickets, latest activity first',
    query: ticketListQuery,
    response: envelope(ticketPage),
  },
  supportCreate: {
    tags: ['support'],
    summary: 'Open a ticket, in general or about one of your orders (oid); at most 10 an hour',
    body: createTicketBody,
    response: envelope(z.object({ id: z.number().int() })),
  },
  supportDetail: {
    tags: ['support'],
    summary: 'One of your tickets with its messages',
    query: ticketIdQuery,
    response: envelope(ticketDetailData),
  },
  supportReply: {
    tags: ['support'],
    summary: 'Write to one of your tickets (it becomes open again); a closed ticket takes no messages',
    body: replyTicketBody,
    response: envelope(ticketDetailData),
  },
  supportClose: {
    tags: ['support'],
    summary: 'Close one of your tickets',
    body: closeTicketBody,
    response: envelope(ticketDetailData),
  },
  uploadGrant: {
    tags: ['upload'],
    summary:
      'A short-lived grant to upload one image (avatar): POST a multipart form to `url` with `fields` in order, then `Content-Type`, then `file` last. Local disk by default, an S3 POST policy when S3_* is configured',
    response: envelope(uploadGrant),
  },
  upload: {
    tags: ['upload'],
    summary:
      'The local store: takes the multipart form of a grant (key, policy, signature, Content-Type, file). The image type is read from the bytes: PNG, JPEG, WebP or GIF, at most 2 MB',
    consumes: ['multipart/form-data'],
    response: envelope(uploadResult),
  },
  captcha: {
    tags: ['account'],
    summary: 'A new image captcha (valid 5 minutes, one check); RATE_LIMIT_PER_IP a minute per address',
    response: envelope(captchaData),
  },
  sendEmailCode: {
    tags: ['account'],
    summary:
      'Email a 6-digit code (10 minutes, 5 tries, one use) for register, reset or change; needs the captcha',
    body: sendEmailCodeBody,
    response: envelope(z.null()),
  },
  sendCode: {
    tags: ['account'],
    summary: 'Text a 6-digit code to a phone (same rules as the email code); needs the captcha',
    body: sendSmsCodeBody,
    response: envelope(z.null()),
  },
  balanceLog: {
    tags: ['wallet'],
    summary:
      'Your balance ledger, newest first, in CNY: filter by type and by days (from/to, YYYY-MM-DD in UTC+8, both inclusive)',
    query: balanceLogQuery,
    response: envelope(ledgerPage),
  },
} satisfies Record<EndpointName, EndpointSchema>;

// Types of one endpoint's request and response, looked up by the endpoint object in the buyers'
// table, else in the console's (types only: neither table's values are imported here). A name may
// be in both tables (`zoneList`): the lookup goes by the endpoint object, never by the name.
type FrontName<E extends Endpoint> = {
  [K in EndpointName]: (typeof endpoints)[K] extends E ? K : never;
}[EndpointName];
type AdminName<E extends Endpoint> = {
  [K in AdminEndpointName]: (typeof adminEndpoints)[K] extends E ? K : never;
}[AdminEndpointName];
type SchemaOf<E extends Endpoint> = [FrontName<E>] extends [never]
  ? (typeof adminEndpointSchemas)[AdminName<E>]
  : (typeof endpointSchemas)[FrontName<E>];
type Field<S, F extends string, Direction extends 'in' | 'out'> =
  S extends Record<F, z.ZodType> ? (Direction extends 'in' ? z.input<S[F]> : z.output<S[F]>) : undefined;

/** What the caller sends: the query of a GET, the body of a POST. */
export type EndpointInput<E extends Endpoint> = Field<
  SchemaOf<E>,
  E['method'] extends 'GET' ? 'query' : 'body',
  'in'
>;
/** The whole 200 body as the client receives it (`{ code, msg, data, … }`). */
export type EndpointResponse<E extends Endpoint> = Field<SchemaOf<E>, 'response', 'out'>;
/** `data` of the 200 body. */
export type EndpointData<E extends Endpoint> = EndpointResponse<E> extends { data: infer D } ? D : never;

/** The validated request as a route handler of the endpoint with schemas `S` sees it. */
export type RequestOf<S> = {
  Body: Field<S, 'body', 'out'>;
  Querystring: Field<S, 'query', 'out'>;
  Headers: Field<S, 'headers', 'out'>;
};
/** What a handler returns for the serializer (a file endpoint sends through the reply instead). */
export type ReplyOf<S> = S extends { response: z.ZodType } ? z.input<S['response']> : unknown;

export type EndpointRequest<K extends EndpointName> = RequestOf<(typeof endpointSchemas)[K]>;
export type EndpointReply<K extends EndpointName> = ReplyOf<(typeof endpointSchemas)[K]>;

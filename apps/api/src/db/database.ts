import type { RechargeType, SpecType } from '@shop/domain/catalog';
import type { CardKeyStatus, DeliveryStatus, OrderStatus, PaymentStatus } from '@shop/domain/order';
import type { DeliveryFailureCode } from '@shop/domain/delivery-reason';
import type { OperatorRole } from '@shop/domain/admin';
import type { Generated, Kysely, Transaction } from 'kysely';

// Row types of every table. Timestamps are epoch milliseconds (decision 003); money is integer
// minor units (ARCHITECTURE.md §5).

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** A channel's setting from the console (issue 32); a secret's value is encrypted. */
export interface ChannelSettingsTable {
  key: string;
  value: string;
  secret: number;
  updated_at: number;
}

/** An operator's text of one kind of mail in one language (issue 32). */
export interface MailTemplatesTable {
  kind: string;
  lang: string;
  subject: string;
  body: string;
  updated_at: number;
}

export interface LinksTable {
  id: Generated<number>;
  name_zh: string;
  name_en: string;
  url: string;
  sort: number;
  is_show: number;
  created_at: number;
}

type Bilingual<Base extends string> = { [K in `${Base}_zh` | `${Base}_en`]: string };

export type CategoriesTable = Bilingual<'name'> & {
  id: Generated<number>;
  parent_id: number | null;
  icon: Generated<string>;
  sort: Generated<number>;
  is_show: Generated<number>;
  created_at: number;
};

export type GoodsTable = Bilingual<'name' | 'subtitle' | 'description' | 'instructions'> & {
  id: Generated<number>;
  category_id: number;
  /** The goods' top-level category: its category or that one's parent, kept by triggers (migration 0025). */
  top_category_id: Generated<number | null>;
  image: string;
  /** JSON array of image paths. */
  images: Generated<string>;
  spec_type: SpecType;
  recharge_type: RechargeType;
  on_sale: Generated<number>;
  sort: Generated<number>;
  sales: Generated<number>;
  min_price_cny: Generated<number>;
  search_text: Generated<string>;
  /** "Where do I find my player id" for a direct top-up ('' = none); the image is a path or URL. */
  player_hint_zh: Generated<string>;
  player_hint_en: Generated<string>;
  player_hint_image: Generated<string>;
  /** 1 when a top-up face value may be bought more than once per line (default: once). */
  topup_multiple: Generated<number>;
  /** 1 for goods shipped to the buyer's address (decision 030). */
  ships: Generated<number>;
  /** The console flags a card-key option whose available stock is below this (0 = never). */
  stock_alert: Generated<number>;
  created_at: number;
  updated_at: number;
};

type OptionMoney = {
  id: Generated<number>;
  goods_id: number;
  price_cny: number;
  price_usd: number | null;
  original_cny: number | null;
  /** null = unlimited */
  stock: number | null;
  sort: Generated<number>;
  on_sale: Generated<number>;
};
export type GoodsSkusTable = Bilingual<'spec'> & OptionMoney;
export type GoodsFaceValuesTable = Bilingual<'label'> & OptionMoney & { face_value: number };

export type GameServersTable = Bilingual<'name'> & {
  id: Generated<number>;
  goods_id: number;
  sort: Generated<number>;
};

export type ZonesTable = Bilingual<'name' | 'subtitle'> & {
  id: Generated<number>;
  banner: Generated<string>;
  sort: Generated<number>;
  is_show: Generated<number>;
  created_at: number;
};
export interface ZoneGoodsTable {
  zone_id: number;
  goods_id: number;
  sort: Generated<number>;
}

export type ArticlesTable = Bilingual<'title' | 'summary' | 'content'> & {
  id: Generated<number>;
  type: 'help' | 'news';
  sort: Generated<number>;
  is_show: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type SwipersTable = Bilingual<'title' | 'subtitle'> & {
  id: Generated<number>;
  position: Generated<string>;
  image: string;
  link: Generated<string>;
  sort: Generated<number>;
  is_show: Generated<number>;
};

export type CustomModulesTable = Bilingual<'title' | 'subtitle'> & {
  id: Generated<number>;
  position: Generated<string>;
  style: Generated<'grid' | 'row'>;
  sort: Generated<number>;
  is_show: Generated<number>;
};
export interface CustomModuleGoodsTable {
  module_id: number;
  goods_id: number;
  sort: Generated<number>;
}

export type RegionsTable = Bilingual<'name'> & {
  id: Generated<number>;
  parent_id: number | null;
  level: 1 | 2 | 3;
  sort: Generated<number>;
};

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  phone: string | null;
  password_hash: string;
  nickname: Generated<string>;
  avatar: Generated<string>;
  sex: Generated<0 | 1 | 2>;
  birthday: Generated<string>;
  name: Generated<string>;
  id_card_code: Generated<string>;
  is_real: Generated<number>;
  is_usable: Generated<number>;
  openid: Generated<string>;
  /** CNY minor units; the database refuses a negative balance. */
  balance: Generated<number>;
  created_at: number;
  updated_at: number;
  /** The member level reached (issue 31): only ever raised, by a paid order crossing a threshold. */
  level_id: Generated<number | null>;
  /** CNY fen paid for orders, net of refunds: what member levels are measured by (decision 070). */
  lifetime_spend_cny: Generated<number>;
}

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface CaptchasTable {
  key: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
}

export type CodePurpose = 'register' | 'reset' | 'change';
export type Channel = 'email' | 'sms';

export interface VerificationCodesTable {
  id: Generated<number>;
  target: string;
  channel: Channel;
  purpose: CodePurpose;
  code_hash: string;
  tries: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  sent_at: number | null;
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  claimed_until: Generated<number>;
  last_error: string | null;
}

export interface LoginFailuresTable {
  account: string;
  failures: number;
  updated_at: number;
}

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  goods_id: number;
  goods_sku_id: number | null;
  face_value: number | null;
  player_id: Generated<string>;
  server_id: number | null;
  /** What the supplier called the player when the line was added (direct top-ups). */
  player_nickname: Generated<string>;
  num: number;
  is_buy_now: Generated<number>;
  line_key: string;
  created_at: number;
  updated_at: number;
}

/** The statuses of the machines declared in packages/domain (changed only by db/transition.ts). */
export type OrderStatusColumn = OrderStatus;

export interface OrdersTable {
  id: Generated<number>;
  /** Public order number: random, never the row id. */
  oid: string;
  user_id: number;
  status: OrderStatusColumn;
  currency: 'CNY' | 'USD';
  /** Minor units of `currency`, frozen at creation. */
  total_amount: number;
  /** CNY equivalent in fen: what the balance or a payment is charged. */
  total_cny: number;
  /** The CNY→USD rate in millionths when the order was made. */
  exchange_rate_ppm: number;
  item_count: number;
  pay_method: string | null;
  cancel_reason: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  paid_at: number | null;
  cancelled_at: number | null;
  completed_at: number | null;
  /** JSON of the address the goods that ship go to (decision 030); null: none yet. */
  ship_address: Generated<string | null>;
  /** CNY fen given back so far, pending provider refunds included; never above total_cny (CHECK). */
  refunded_cny: Generated<number>;
  /** Σ list unit price × num, in `currency` (issue 31); total_amount = list − the three discounts. */
  list_amount: Generated<number>;
  tier_discount: Generated<number>;
  level_discount: Generated<number>;
  coupon_discount: Generated<number>;
  /** The code applied (as shown to the buyer), and the buyer's member level when priced. */
  coupon_code: Generated<string | null>;
  level_id: Generated<number | null>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  goods_id: number;
  goods_sku_id: number | null;
  face_value: number | null;
  spec_type: number;
  recharge_type: number;
  goods_name_zh: string;
  goods_name_en: string;
  spec_zh: string;
  spec_en: string;
  image: string;
  player_id: Generated<string>;
  server_id: number | null;
  server_zh: Generated<string>;
  server_en: Generated<string>;
  /** What the supplier called the player when the order was created (direct top-ups). */
  player_nickname: Generated<string>;
  num: number;
  /** Minor units of the order's currency; the line is unit_price × num (decision 031). */
  unit_price: number;
  /** The catalog's CNY price of one unit when ordered (a record; refunds use charged_cny). */
  unit_price_cny: number;
  /** This item's share of orders.total_cny (the shares sum to it): what refunding it gives back. */
  charged_cny: number;
  /** 1 when `num` was taken from a counted stock (and must be given back on cancel). */
  stock_reserved: Generated<number>;
  /** 1 when the goods shipped to an address when the order was made (decision 030). */
  ships: Generated<number>;
  /** CNY fen of this item given back so far; never above charged_cny (CHECK). */
  refunded_cny: Generated<number>;
  /** The catalog unit price in `currency` before tiers and levels (issue 31). */
  list_unit_price: Generated<number>;
  /** Line totals in `currency`: (list − unit) × num from a tier or a level; the code's share. */
  tier_discount: Generated<number>;
  level_discount: Generated<number>;
  coupon_discount: Generated<number>;
}

/** A buyer's shipping address (decision 030); region names copied in both languages. */
export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  recipient: string;
  phone: string;
  province_id: number;
  province_zh: string;
  province_en: string;
  city_id: number;
  city_zh: string;
  city_en: string;
  district_id: number;
  district_zh: string;
  district_en: string;
  detail: string;
  /** At most one 1 per buyer (partial unique index). */
  is_default: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type LedgerType = 'opening' | 'recharge' | 'order_payment' | 'refund' | 'adjustment';

export interface WalletLedgerTable {
  id: Generated<number>;
  user_id: number;
  type: LedgerType;
  /** Signed CNY fen. */
  amount: number;
  balance_before: number;
  balance_after: number;
  ref: Generated<string>;
  idempotency_key: string;
  created_at: number;
  /** Why an operator adjusted the balance (issue 15); the buyer sees it. */
  memo: Generated<string>;
}

export interface PaymentsTable {
  id: Generated<number>;
  /** Our out_trade_no at the provider. */
  no: string;
  user_id: number;
  kind: 'order' | 'recharge';
  order_id: number | null;
  method: 'alipay' | 'wechat';
  amount_cny: number;
  status: PaymentStatus;
  provider_trade_no: string | null;
  /** What the payment did when it arrived: order_paid, recharged, refunded. */
  outcome: string | null;
  created_at: number;
  paid_at: number | null;
}

export interface PaymentInboxTable {
  id: Generated<number>;
  provider: 'alipay' | 'wechat';
  trade_no: string;
  /** The trade number for a paid notice (unique per provider), null for "not paid" ones (0013). */
  dedupe_key: string | null;
  payment_no: string;
  body: string;
  received_at: number;
  outcome: string;
}

export type TicketStatus = 'open' | 'answered' | 'closed';

export interface SupportTicketsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  subject: string;
  status: TicketStatus;
  created_at: number;
  updated_at: number;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author: 'buyer' | 'operator';
  body: string;
  created_at: number;
  /** The answering operator's email or `cli:support` (issue 15); '' for buyers and older answers. */
  answered_by: Generated<string>;
  /** The console's key of an answer: unique per ticket, so a repeated request posts once. */
  request_key: Generated<string | null>;
}

export interface CardKeysTable {
  id: Generated<number>;
  goods_id: number;
  goods_sku_id: number | null;
  face_value: number | null;
  /** `s<sku id>` or `g<goods id>:f<face value>`. */
  option_key: string;
  secret_enc: string;
  secret_hash: string;
  status: CardKeyStatus;
  order_item_id: number | null;
  created_at: number;
  reserved_at: number | null;
  sold_at: number | null;
  /** When an operator voided it (issue 14). */
  voided_at: number | null;
}

/** One batch of a console or command import (issue 14): the first answer to it, kept. */
export interface CardKeyImportBatchesTable {
  id: Generated<number>;
  import_id: string;
  batch: number;
  goods_id: number;
  option_key: string;
  operator_id: number | null;
  actor: string;
  /** The report as JSON ('' while its transaction runs). */
  report: string;
  created_at: number;
}

export interface CardKeyRevealsTable {
  id: Generated<number>;
  card_key_id: number;
  user_id: number;
  ip: Generated<string>;
  created_at: number;
  /** How the secret was shown: one key, all keys of an order, or the CSV export (decision 034). */
  via: Generated<CardRevealVia>;
}

export type CardRevealVia = 'key' | 'order' | 'export';

export interface JobsTable {
  id: Generated<number>;
  name: string;
  job_key: string;
  payload: Generated<string>;
  status: 'queued' | 'done' | 'dead';
  run_at: number;
  attempts: Generated<number>;
  locked_until: Generated<number>;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface DeliveriesTable {
  id: Generated<number>;
  order_item_id: number;
  order_id: number;
  user_id: number;
  kind: 'topup' | 'manual';
  status: DeliveryStatus;
  supplier_ref: string | null;
  polls: Generated<number>;
  /** What the buyer is told: the operator's note, or why the item was refunded. */
  note: Generated<string>;
  /** A supplier's definite failure as the shop's code (decision 032); `note` keeps its own words. */
  reason_code: DeliveryFailureCode | null;
  /** CNY minor units given back to the balance; > 0 exactly when refunded. */
  refund_cny: Generated<number>;
  /** The carrier's tracking number of a shipped item (issue 15); the buyer sees it. */
  tracking_no: Generated<string>;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A buyer's game account used in a top-up order, offered again on the goods page. */
export interface PlayerAccountsTable {
  id: Generated<number>;
  user_id: number;
  goods_id: number;
  server_id: number;
  player_id: string;
  nickname: string;
  used_at: number;
}

export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  name: Generated<string>;
  password_hash: string;
  role: OperatorRole;
  /** JSON array of Permission (a staff member's; an owner holds all). */
  permissions: Generated<string>;
  is_active: Generated<number>;
  /** The sealed TOTP secret once the second factor is on; null = off. */
  totp_secret: string | null;
  /** A sealed secret being set up, not yet confirmed with a code. */
  totp_pending: string | null;
  /** JSON array of SHA-256 hex hashes of unused recovery codes. */
  recovery_codes: Generated<string>;
  /** The time step of the last TOTP code accepted (no code is accepted twice; 0028). */
  totp_last_step: number | null;
  /** 1 after a one-time password was handed out, until the operator sets their own. */
  must_change_password: Generated<number>;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
}

export interface OperatorTokensTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Append-only (triggers refuse UPDATE and DELETE): what an operator changed (issue 14). */
export interface AuditLogTable {
  id: Generated<number>;
  /** null for a command run on the server (`actor` then names the command). */
  operator_id: number | null;
  actor: string;
  action: string;
  object_type: string;
  object_id: string;
  before_json: string | null;
  after_json: string | null;
  request_id: Generated<string>;
  ip: Generated<string>;
  created_at: number;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';
export type RefundDestination = 'balance' | 'alipay' | 'wechat';

/**
 * A refund of an order's money (issue 15, decision 040): to the balance (succeeded at once) or to
 * the original provider payment (pending until the provider answers; failed gives the amount back
 * to what may still be refunded).
 */
export interface RefundsTable {
  id: Generated<number>;
  /** Our out_request_no (Alipay) / out_refund_no (WeChat Pay). */
  no: string;
  order_id: number;
  /** null: a refund of the order as a whole, not of one item. */
  order_item_id: number | null;
  user_id: number;
  amount_cny: number;
  destination: RefundDestination;
  /** The provider payment refunded into; null exactly for balance refunds. */
  payment_id: number | null;
  status: RefundStatus;
  provider_refund_no: string | null;
  /** What the buyer is told. */
  reason: Generated<string>;
  /** The operator's email, `cli:<command>` or `system` (a supplier's failure). */
  actor: string;
  /** Unique per request: a repeated request finds the first refund. */
  request_key: string;
  failure: string | null;
  attempts: Generated<number>;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface SupportCannedRepliesTable {
  id: Generated<number>;
  title: string;
  body: string;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** The dashboard's figures of one closed shop day (UTC+8 `YYYY-MM-DD`), as JSON. */
export interface DashboardDaysTable {
  day: string;
  figures: string;
  computed_at: number;
}

/** Each word of the goods' search documents, once (migration 0026): what a typo is matched to. */
export interface SearchWordsTable {
  word: string;
}

/** Goods on sale per category, kept by triggers (migration 0027, decision 054). */
export interface CategoryGoodsCountsTable {
  category_id: number;
  /** Goods on sale whose category_id is this category. */
  direct: Generated<number>;
  /** Goods on sale whose top_category_id is this category. */
  under: Generated<number>;
}

/** A unit price from a quantity on, per option (issue 31). */
export interface PriceTiersTable {
  id: Generated<number>;
  goods_id: number;
  /** `s<sku id>` or `g<goods id>:f<face value>` (optionKey in @shop/domain/cart). */
  option_key: string;
  min_num: number;
  price_cny: number;
  price_usd: number | null;
}

export interface MemberLevelsTable {
  id: Generated<number>;
  name_zh: string;
  name_en: string;
  /** Lifetime spend (CNY fen) from which a buyer holds the level. */
  threshold_cny: number;
  /** Discount off every unit, in basis points (1000 = 10 %); 0: only its level prices. */
  discount_bp: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface MemberLevelPricesTable {
  id: Generated<number>;
  level_id: number;
  goods_id: number;
  option_key: string;
  price_cny: number;
  price_usd: number | null;
}

export type CouponKind = 'fixed' | 'percent';
export type CouponScope = 'all' | 'categories' | 'goods' | 'options';
export type CouponRedemptionStatus = 'held' | 'used' | 'released' | 'returned';

export interface CouponBatchesTable {
  id: Generated<number>;
  name: string;
  prefix: Generated<string>;
  count: number;
  generated: Generated<number>;
  status: Generated<'generating' | 'done' | 'failed'>;
  /** JSON of the terms every code of the batch gets (kind, amounts, scope, dates, limits). */
  terms: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface CouponsTable {
  id: Generated<number>;
  /** As shown (upper case). */
  code: string;
  /** As looked up: upper case, lookalikes folded (O→0, I and L→1); unique. */
  code_key: string;
  batch_id: number | null;
  name: Generated<string>;
  kind: CouponKind;
  amount_cny: number | null;
  /** A fixed code's value for USD orders; null: amount_cny at the order's rate. */
  amount_usd: number | null;
  /** Percent codes: basis points (1000 = 10 %). */
  percent_bp: number | null;
  /** Percent codes: the most one order is given, CNY fen (converted for USD orders). */
  cap_cny: number | null;
  min_spend_cny: Generated<number>;
  starts_at: number | null;
  ends_at: number | null;
  /** null: unlimited. used_count never exceeds it (CHECK). */
  total_uses: number | null;
  used_count: Generated<number>;
  per_user: number | null;
  scope: Generated<CouponScope>;
  /** JSON array of category ids, goods ids or option keys, by `scope`. */
  scope_ids: Generated<string>;
  first_order_only: Generated<number>;
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  order_id: number;
  status: CouponRedemptionStatus;
  discount_amount: Generated<number>;
  discount_cny: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** An export an operator asked for (issue 32, migration 0031): progress and when its link expires. */
export interface ExportsTable {
  id: Generated<number>;
  operator_id: number;
  kind: 'orders' | 'ledger' | 'key_sales' | 'refunds' | 'dashboard';
  format: 'csv' | 'xlsx';
  locale: string;
  /** The filters as JSON, as validated by the contract. */
  filters: string;
  mode: 'now' | 'job';
  status: 'queued' | 'running' | 'ready' | 'failed' | 'expired';
  rows_total: number;
  rows_done: Generated<number>;
  file_name: string;
  byte_size: Generated<number>;
  error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  expires_at: number;
}

export type AlertChannel = 'email' | 'telegram' | 'webhook';
export type AlertDeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface AlertEventsTable {
  id: Generated<number>;
  kind: string;
  event_key: string;
  /** JSON of what the message says (alerts/alert-kinds.ts). */
  payload: string;
  created_at: number;
}

export interface AlertSubscriptionsTable {
  id: Generated<number>;
  operator_id: number;
  kind: string;
  channel: 'email' | 'telegram';
  created_at: number;
}

export interface AlertRecipientsTable {
  operator_id: number;
  telegram_chat_id: Generated<string>;
  updated_at: number;
}

export interface AlertWebhooksTable {
  id: Generated<number>;
  name: string;
  url: string;
  /** The signing secret sealed with the card-key cipher; never read back to the console. */
  secret_sealed: string;
  secret_last4: string;
  /** JSON array of the alert kinds it receives. */
  kinds: string;
  enabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface AlertDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  channel: AlertChannel;
  recipient: string;
  operator_id: number | null;
  webhook_id: number | null;
  target: Generated<string>;
  delivery_key: string;
  status: AlertDeliveryStatus;
  attempts: Generated<number>;
  last_status: number | null;
  last_response: Generated<string>;
  next_at: number | null;
  sent_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface AlertTelegramSandboxTable {
  id: Generated<number>;
  delivery_key: string;
  chat_id: string;
  text: string;
  created_at: number;
}

export interface OperatorLoginAddressesTable {
  operator_id: number;
  ip: string;
  first_at: number;
}

export interface AlertConfigTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface AlertLowStockTable {
  option_key: string;
  since: number;
}

export interface DB {
  alert_events: AlertEventsTable;
  alert_subscriptions: AlertSubscriptionsTable;
  alert_recipients: AlertRecipientsTable;
  alert_webhooks: AlertWebhooksTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_telegram_sandbox: AlertTelegramSandboxTable;
  operator_login_addresses: OperatorLoginAddressesTable;
  alert_low_stock: AlertLowStockTable;
  alert_config: AlertConfigTable;
  exports: ExportsTable;
  price_tiers: PriceTiersTable;
  member_levels: MemberLevelsTable;
  member_level_prices: MemberLevelPricesTable;
  coupon_batches: CouponBatchesTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  refunds: RefundsTable;
  support_canned_replies: SupportCannedRepliesTable;
  dashboard_days: DashboardDaysTable;
  operators: OperatorsTable;
  operator_tokens: OperatorTokensTable;
  audit_log: AuditLogTable;
  addresses: AddressesTable;
  player_accounts: PlayerAccountsTable;
  jobs: JobsTable;
  deliveries: DeliveriesTable;
  card_keys: CardKeysTable;
  card_key_reveals: CardKeyRevealsTable;
  card_key_import_batches: CardKeyImportBatchesTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  payments: PaymentsTable;
  payment_inbox: PaymentInboxTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  wallet_ledger: WalletLedgerTable;
  cart_items: CartItemsTable;
  login_failures: LoginFailuresTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  users: UsersTable;
  user_tokens: UserTokensTable;
  settings: SettingsTable;
  links: LinksTable;
  categories: CategoriesTable;
  goods: GoodsTable;
  goods_skus: GoodsSkusTable;
  goods_face_values: GoodsFaceValuesTable;
  game_servers: GameServersTable;
  zones: ZonesTable;
  zone_goods: ZoneGoodsTable;
  articles: ArticlesTable;
  swipers: SwipersTable;
  custom_modules: CustomModulesTable;
  custom_module_goods: CustomModuleGoodsTable;
  regions: RegionsTable;
  search_words: SearchWordsTable;
  category_goods_counts: CategoryGoodsCountsTable;
  channel_settings: ChannelSettingsTable;
  mail_templates: MailTemplatesTable;
}

export type Database = Kysely<DB>;
/** What repositories take first: the database or a transaction (STYLE.md, "In this project" 3). */
export type Executor = Kysely<DB> | Transaction<DB>;

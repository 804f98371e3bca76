import type { ReasonKey } from '@shop/contract/text';
import type { Locale } from '@shop/domain/locale';
import { ADMIN_FIELD_LABELS, ADMIN_ROUTE_LABELS } from './admin-labels/index.ts';

// The msg of a 400 for a request that fails its schema (issue 11): in the buyer's language, naming
// the field in words ("第 1 件商品的数量不能小于 1" / "Quantity of item 1 must be at least 1"),
// never zod's English. Every field of every request schema has a label here in both languages
// (apps/api/test/request-fields.test.ts walks every route to prove it).

type Text = Record<Locale, string>;

/** Fastify's validation context: which part of the request failed. */
export type RequestPart = 'body' | 'querystring' | 'headers' | 'params';

/** The request part as a whole (an issue at its root: not an object, unknown fields). */
const PART_LABELS: Record<RequestPart, Text> = {
  body: { 'zh-CN': '请求内容', en: 'The request body' },
  querystring: { 'zh-CN': '查询参数', en: 'The query' },
  headers: { 'zh-CN': '请求头', en: 'The request headers' },
  params: { 'zh-CN': '地址参数', en: 'The address' },
};

const item = (zh: string, en: string): Text => ({ 'zh-CN': `第 {1} 件商品的${zh}`, en: `${en} of item {1}` });
const cartLine: Text = { 'zh-CN': '购物车商品', en: 'Cart item' };
const cartLines: Text = { 'zh-CN': '第 {1} 个购物车商品', en: 'Cart item {1}' };
const ticket: Text = { 'zh-CN': '工单', en: 'Ticket' };
const address: Text = { 'zh-CN': '收货地址', en: 'Address' };
/** The fields of an address (decision 030); `phone` here is the recipient's, not the account's. */
const addressLabels: Record<string, Text> = {
  recipient: { 'zh-CN': '收货人', en: 'Recipient' },
  phone: { 'zh-CN': '收货人手机号', en: "Recipient's mobile number" },
  province_id: { 'zh-CN': '省份', en: 'Province' },
  city_id: { 'zh-CN': '城市', en: 'City' },
  district_id: { 'zh-CN': '区县', en: 'District' },
  detail: { 'zh-CN': '详细地址', en: 'Street address' },
  is_default: { 'zh-CN': '默认地址', en: 'Default address' },
};

/**
 * Labels by field path: `*` stands for a list index, and `{1}` in a label is that index counted
 * from 1. A name that means one thing everywhere is labelled once; ROUTE_LABELS names the rest.
 */
export const FIELD_LABELS: Record<string, Text> = {
  page: { 'zh-CN': '页码', en: 'Page' },
  limit: { 'zh-CN': '每页条数', en: 'Page size' },
  sort: { 'zh-CN': '排序方式', en: 'Sort order' },
  keyword: { 'zh-CN': '搜索关键词', en: 'Search keyword' },
  category_id: { 'zh-CN': '分类', en: 'Category' },
  goods_id: { 'zh-CN': '商品', en: 'Product' },
  server_id: { 'zh-CN': '区服', en: 'Server' },
  player_id: { 'zh-CN': '玩家 ID', en: 'Player ID' },
  position: { 'zh-CN': '展示位置', en: 'Position' },
  oid: { 'zh-CN': '订单号', en: 'Order number' },
  tz: { 'zh-CN': '时区', en: 'Time zone' },
  from: { 'zh-CN': '开始日期', en: 'Start date' },
  to: { 'zh-CN': '结束日期', en: 'End date' },
  no: { 'zh-CN': '支付单号', en: 'Payment number' },
  account: { 'zh-CN': '账号', en: 'Account' },
  password: { 'zh-CN': '密码', en: 'Password' },
  old_password: { 'zh-CN': '原密码', en: 'Current password' },
  captcha_key: { 'zh-CN': '图形验证码编号', en: 'Picture code key' },
  captcha_code: { 'zh-CN': '图形验证码', en: 'Picture code' },
  nickname: { 'zh-CN': '昵称', en: 'Nickname' },
  avatar: { 'zh-CN': '头像', en: 'Avatar' },
  sex: { 'zh-CN': '性别', en: 'Gender' },
  birthday: { 'zh-CN': '生日', en: 'Birthday' },
  name: { 'zh-CN': '姓名', en: 'Name' },
  email: { 'zh-CN': '邮箱', en: 'Email address' },
  phone: { 'zh-CN': '手机号', en: 'Phone number' },
  purpose: { 'zh-CN': '验证码用途', en: 'Code purpose' },
  code: { 'zh-CN': '验证码', en: 'Verification code' },
  coupon_code: { 'zh-CN': '优惠码', en: 'Promotion code' },
  items: { 'zh-CN': '商品', en: 'Items' },
  'items.*': { 'zh-CN': '第 {1} 件商品', en: 'Item {1}' },
  'items.*.goods_id': item('商品编号', 'Product ID'),
  'items.*.goods_sku_id': item('规格', 'Option'),
  'items.*.num': item('数量', 'Quantity'),
  'items.*.face_value': item('面值', 'Value'),
  'items.*.currency': item('币种', 'Currency'),
  'items.*.price': item('价格', 'Price'),
  'items.*.player_id': item('玩家 ID', 'Player ID'),
  'items.*.server_id': item('区服', 'Server'),
  'items.*.server': item('区服名称', 'Server name'),
  is_buy_now: { 'zh-CN': '立即购买', en: 'Buy now' },
  num: { 'zh-CN': '数量', en: 'Quantity' },
  cart_ids: { 'zh-CN': '购物车商品', en: 'Cart items' },
  address_id: { 'zh-CN': '收货地址', en: 'Delivery address' },
  'cart_ids.*': cartLines,
  method: { 'zh-CN': '支付方式', en: 'Payment method' },
  device: { 'zh-CN': '设备类型', en: 'Device type' },
  return_oid: { 'zh-CN': '充值后返回的订单', en: 'Order to return to' },
  amount: { 'zh-CN': '充值金额', en: 'Amount' },
  subject: { 'zh-CN': '工单标题', en: 'Subject' },
  body: { 'zh-CN': '留言内容', en: 'Message' },
  'idempotency-key': { 'zh-CN': 'Idempotency-Key 请求头', en: 'The Idempotency-Key header' },
};

/** Names whose meaning depends on the route (`id` is a product on one page, a ticket on another). */
export const ROUTE_LABELS: Record<string, Record<string, Text>> = {
  '/api/front/category/goods': { id: { 'zh-CN': '分类', en: 'Category' } },
  '/api/front/goods/detail': { id: { 'zh-CN': '商品', en: 'Product' } },
  '/api/front/zone/detail': { id: { 'zh-CN': '专区', en: 'Zone' } },
  '/api/front/customModule/goods': { id: { 'zh-CN': '首页栏目', en: 'Section' } },
  '/api/front/article/list': { type: { 'zh-CN': '文章类型', en: 'Article type' } },
  '/api/front/article/detail': { id: { 'zh-CN': '文章', en: 'Article' } },
  '/api/front/app/setPassword': { password: { 'zh-CN': '新密码', en: 'New password' } },
  '/api/front/goods/cart/update': { id: cartLine },
  '/api/front/goods/cart/remove': { id: cartLine, 'id.*': cartLines },
  '/api/front/order/list': { status: { 'zh-CN': '订单状态', en: 'Order status' } },
  '/api/front/order/card/reveal': { id: { 'zh-CN': '卡密', en: 'Card key' } },
  '/api/front/player/recent/remove': { id: { 'zh-CN': '已保存的游戏账号', en: 'Saved game account' } },
  '/api/front/address/create': addressLabels,
  '/api/front/address/update': { ...addressLabels, id: address },
  '/api/front/address/remove': { id: address },
  '/api/front/address/default': { id: address },
  '/api/front/support/list': { status: { 'zh-CN': '工单状态', en: 'Ticket status' } },
  '/api/front/support/detail': { id: ticket },
  '/api/front/support/reply': { id: ticket },
  '/api/front/support/close': { id: ticket },
  '/api/front/user/balanceLog': { type: { 'zh-CN': '明细类型', en: 'Entry type' } },
  '/api/front/order/coupon': { code: { 'zh-CN': '优惠码', en: 'Promotion code' } },
};

/** The label of a field path pattern on a route, or undefined when none is written. */
export function labelOf(route: string | undefined, pattern: string): Text | undefined {
  if (route?.startsWith('/api/admin/'))
    return ADMIN_ROUTE_LABELS[route]?.[pattern] ?? ADMIN_FIELD_LABELS[pattern] ?? FIELD_LABELS[pattern];
  return (route ? ROUTE_LABELS[route]?.[pattern] : undefined) ?? FIELD_LABELS[pattern];
}

const REASONS = {
  required: { 'zh-CN': '请填写{label}', en: '{label} is required' },
  invalid: { 'zh-CN': '{label}无效', en: '{label} is not valid' },
  not_empty: { 'zh-CN': '{label}不能为空', en: '{label} must not be empty' },
  text_min: { 'zh-CN': '{label}不能少于 {n} 个字符', en: '{label} must be at least {n} characters' },
  text_max: { 'zh-CN': '{label}不能超过 {n} 个字符', en: '{label} must be at most {n} characters' },
  number_min: { 'zh-CN': '{label}不能小于 {n}', en: '{label} must be at least {n}' },
  number_above: { 'zh-CN': '{label}必须大于 {n}', en: '{label} must be greater than {n}' },
  number_max: { 'zh-CN': '{label}不能大于 {n}', en: '{label} must be at most {n}' },
  number_below: { 'zh-CN': '{label}必须小于 {n}', en: '{label} must be less than {n}' },
  list_min: { 'zh-CN': '{label}至少要有 {n} 项', en: '{label} must have at least {n} entries' },
  list_max: { 'zh-CN': '{label}最多只能有 {n} 项', en: '{label} must have at most {n} entries' },
  type_number: { 'zh-CN': '{label}必须是数字', en: '{label} must be a number' },
  type_text: { 'zh-CN': '{label}必须是文字', en: '{label} must be text' },
  type_list: { 'zh-CN': '{label}必须是列表', en: '{label} must be a list' },
  type_object: { 'zh-CN': '{label}必须是 JSON 对象', en: '{label} must be a JSON object' },
  type_boolean: { 'zh-CN': '{label}只能是 true 或 false', en: '{label} must be true or false' },
  multiple_of: { 'zh-CN': '{label}必须是 {n} 的倍数', en: '{label} must be a multiple of {n}' },
  email: {
    'zh-CN': '{label}格式不正确，应类似 name@example.com',
    en: '{label} must look like name@example.com',
  },
  one_of: { 'zh-CN': '{label}只能是 {values}', en: '{label} must be one of: {values}' },
  exactly: { 'zh-CN': '{label}只能是 {values}', en: '{label} must be {values}' },
  unknown_field: { 'zh-CN': '{label}中有不支持的字段：{keys}', en: '{label} has an unknown field: {keys}' },
  unknown_fields: { 'zh-CN': '{label}中有不支持的字段：{keys}', en: '{label} has unknown fields: {keys}' },
} satisfies Record<string, Text>;

/** The reasons a contract schema names by key (`REASON` in @shop/contract/text). */
const CONTRACT_REASONS: Record<ReasonKey, Text> = {
  control_characters: {
    'zh-CN': '{label}不能包含控制字符',
    en: '{label} must not contain control characters',
  },
  format: { 'zh-CN': '{label}格式不正确', en: '{label} is not in the right format' },
  six_digits: { 'zh-CN': '{label}必须是 6 位数字', en: '{label} must be 6 digits' },
  key_characters: {
    'zh-CN': '{label}只能包含字母、数字和 . _ : -',
    en: '{label} may only hold letters, digits and . _ : -',
  },
  date: { 'zh-CN': '{label}必须是 YYYY-MM-DD 格式的日期', en: '{label} must be a date as YYYY-MM-DD' },
  date_or_empty: {
    'zh-CN': '{label}必须是 YYYY-MM-DD 格式的日期，或留空',
    en: '{label} must be a date as YYYY-MM-DD, or empty',
  },
  past_date: {
    'zh-CN': '{label}必须是 1900-01-01 到今天之间的日期',
    en: '{label} must be a date from 1900-01-01 to today',
  },
  amount: {
    'zh-CN': '{label}必须是金额，例如 100 或 88.50',
    en: '{label} must be an amount like 100 or 88.50',
  },
  upload_address: {
    'zh-CN': '{label}必须是上传图片的地址',
    en: '{label} must be the address of an uploaded picture',
  },
  whole_number: { 'zh-CN': '{label}必须是整数', en: '{label} must be a whole number' },
  mainland_mobile: {
    'zh-CN': '{label}须为中国大陆手机号（11 位，以 1 开头）',
    en: '{label} must be a mainland China mobile number (11 digits starting with 1)',
  },
  link: {
    'zh-CN': '{label}须为本站路径（以一个 / 开头，如 /goods/1）或 http(s) 网址，不能含空格或反斜杠',
    en: '{label} must be a path of this shop (one / first, like /goods/1) or an http(s) address, without spaces or backslashes',
  },
};

type Reason = keyof typeof REASONS | ReasonKey;

const isContractReason = (message: unknown): message is ReasonKey =>
  typeof message === 'string' && Object.hasOwn(CONTRACT_REASONS, message);

/** A zod issue as it sits in Fastify's validation entry (params) or in a union's branches. */
type Issue = { code: string; path: PropertyKey[]; message?: string; [key: string]: unknown };

/** What fastify-type-provider-zod puts in `error.validation`. */
export type ValidationEntry = {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
};

/** Issue codes that mean "the type was right, a rule failed": the most useful to show. */
const RULE_CODES = new Set([
  'too_small',
  'too_big',
  'invalid_format',
  'custom',
  'not_multiple_of',
  'invalid_union',
]);

/**
 * Of a union's failure, the issue to tell the buyer. A union of values (0 | 1 | 2, '' | a date,
 * a number or digits) failing at its own place is worded as one: a broken rule of the option
 * whose type matched, else the allowed values, else the expected type. A union of objects
 * (setPassword's change or reset) is worded by the option the request came closest to: fewest
 * issues, then the deepest.
 */
function resolveUnion(issue: Issue, path: PropertyKey[]): { issue: Issue; path: PropertyKey[] } {
  const branches = (issue.errors as Issue[][] | undefined)?.filter((b) => b.length > 0) ?? [];
  if (branches.length === 0) return { issue: { code: 'custom', path: [] }, path };
  if (branches.every((b) => b.length === 1 && b[0]!.path.length === 0)) {
    const only = branches.map((b) => b[0]!);
    const rule = only.find((i) => RULE_CODES.has(i.code));
    if (rule) return resolve(rule, path);
    // No option took the value's type: a union that words what it allows says so (issue 29:
    // '' or a date), else the allowed values and the types of the other options are listed.
    if (isContractReason(issue.message))
      return { issue: { code: 'custom', path: [], message: issue.message }, path };
    const values = only.flatMap((i) => (i.code === 'invalid_value' ? ((i.values as unknown[]) ?? []) : []));
    const types = only.flatMap((i) => (i.code === 'invalid_type' ? [String(i.expected)] : []));
    if (values.length > 0) return { issue: { code: 'invalid_value', path: [], values, types }, path };
    return { issue: only[0]!, path };
  }
  const depth = (b: Issue[]) => Math.max(...b.map((i) => i.path.length));
  const best = [...branches].sort((a, b) => a.length - b.length || depth(b) - depth(a))[0]!;
  return resolve(best[0]!, path);
}

function resolve(issue: Issue, base: PropertyKey[]): { issue: Issue; path: PropertyKey[] } {
  const path = [...base, ...issue.path];
  return issue.code === 'invalid_union' ? resolveUnion(issue, path) : { issue, path };
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A client's key, shown back only as a short, printable text. */
const shown = (key: unknown) =>
  String(key)
    .replace(/[\p{Cc}\p{Cs}]/gu, '')
    .slice(0, 32);

/** What a type is called when it is listed among allowed values ("0、1 或文字"). */
const TYPE_WORDS: Record<string, Text> = {
  string: { 'zh-CN': '文字', en: 'text' },
  number: { 'zh-CN': '数字', en: 'a number' },
  int: { 'zh-CN': '整数', en: 'a whole number' },
  boolean: { 'zh-CN': 'true、false', en: 'true, false' },
  array: { 'zh-CN': '列表', en: 'a list' },
  object: { 'zh-CN': 'JSON 对象', en: 'a JSON object' },
};

/** An allowed value as the buyer reads it: the empty text is named, not shown as nothing. */
function shownValue(value: unknown, locale: Locale): string {
  if (value === '') return locale === 'zh-CN' ? '空' : 'empty';
  return String(value);
}

function reasonOf(
  issue: Issue,
  value: unknown,
  locale: Locale,
): { reason: Reason; params?: Record<string, string> } {
  const separator = locale === 'zh-CN' ? '、' : ', ';
  const n = (key: string) => ({ n: String(issue[key]) });
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return { reason: 'required' };
      if (isContractReason(issue.message)) return { reason: issue.message };
      switch (issue.expected) {
        case 'int':
          return { reason: 'whole_number' };
        case 'number':
          return { reason: 'type_number' };
        case 'string':
          return { reason: 'type_text' };
        case 'array':
          return { reason: 'type_list' };
        case 'object':
          return { reason: 'type_object' };
        case 'boolean':
          return { reason: 'type_boolean' };
        default:
          return { reason: 'invalid' };
      }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const inclusive = issue.inclusive !== false;
      const bound = small ? 'minimum' : 'maximum';
      switch (issue.origin) {
        case 'string':
          if (small && Number(issue.minimum) <= 1) return { reason: 'not_empty' };
          return { reason: small ? 'text_min' : 'text_max', params: n(bound) };
        case 'number':
        case 'int':
        case 'bigint':
          if (small) return { reason: inclusive ? 'number_min' : 'number_above', params: n(bound) };
          return { reason: inclusive ? 'number_max' : 'number_below', params: n(bound) };
        case 'array':
        case 'set':
          if (small && Number(issue.minimum) <= 1) return { reason: 'not_empty' };
          return { reason: small ? 'list_min' : 'list_max', params: n(bound) };
        default:
          return { reason: 'invalid' };
      }
    }
    case 'invalid_format':
      if (isContractReason(issue.message)) return { reason: issue.message };
      return { reason: issue.format === 'email' ? 'email' : 'format' };
    case 'not_multiple_of':
      return { reason: 'multiple_of', params: n('divisor') };
    case 'invalid_value': {
      const types = ((issue.types as string[] | undefined) ?? []).map(
        (type) => TYPE_WORDS[type]?.[locale] ?? type,
      );
      const values = [
        ...new Set([...((issue.values as unknown[]) ?? []).map((v) => shownValue(v, locale)), ...types]),
      ];
      return {
        reason: values.length === 1 ? 'exactly' : 'one_of',
        params: { values: values.join(separator) },
      };
    }
    case 'unrecognized_keys': {
      const keys = ((issue.keys as unknown[]) ?? []).map(shown);
      const listed = keys.slice(0, 3).join(separator) + (keys.length > 3 ? ' …' : '');
      return { reason: keys.length === 1 ? 'unknown_field' : 'unknown_fields', params: { keys: listed } };
    }
    case 'custom':
      return { reason: isContractReason(issue.message) ? issue.message : 'invalid' };
    default:
      return { reason: 'invalid' };
  }
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The label of an issue's place, with list indices counted from 1; a readable fallback otherwise. */
function labelAt(locale: Locale, route: string | undefined, part: RequestPart, path: PropertyKey[]): string {
  if (path.length === 0) return PART_LABELS[part][locale];
  const indices: string[] = [];
  const pattern = path
    .map((key) => {
      const index = typeof key === 'number' ? key : /^\d+$/.test(String(key)) ? Number(key) : undefined;
      if (index === undefined) return String(key);
      indices.push(String(index + 1));
      return '*';
    })
    .join('.');
  const label = labelOf(route, pattern);
  if (label) return fill(label[locale], Object.fromEntries(indices.map((v, i) => [String(i + 1), v])));
  const dotted = path.map(shown).join('.');
  return locale === 'zh-CN' ? `参数 ${dotted}` : `Parameter ${dotted}`;
}

/**
 * The localized msg for a schema failure: the first issue, worded with its field's label.
 * `input` is the part of the request as received, to tell a missing field from a wrong one.
 */
export function validationMessage(
  locale: Locale,
  entries: readonly ValidationEntry[],
  context: { part: RequestPart; route: string | undefined; input: unknown },
): string {
  const entry = entries[0];
  const base = (entry?.instancePath ?? '').split('/').filter(Boolean);
  const raw: Issue = {
    ...(entry?.params ?? {}),
    code: entry?.keyword ?? 'custom',
    message: entry?.message,
    path: [],
  };
  const { issue, path } = resolve(raw, base);
  const { reason, params } = reasonOf(issue, valueAt(context.input, path), locale);
  const label = labelAt(locale, context.route, context.part, path);
  let template = (isContractReason(reason) ? CONTRACT_REASONS[reason] : REASONS[reason])[locale];
  // Chinese puts a space between Han characters and a Latin word or digit ("玩家 ID 不能…").
  if (locale === 'zh-CN') {
    if (/[A-Za-z0-9]$/.test(label)) template = template.replace(/\{label\}(?=\p{Script=Han})/u, '{label} ');
    if (/^[A-Za-z0-9]/.test(label)) template = template.replace(/(?<=\p{Script=Han})\{label\}/u, ' {label}');
  }
  return fill(template, { ...params, label }).trim();
}

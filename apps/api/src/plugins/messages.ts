import type { Locale } from '@shop/domain/locale';
import { adminMessages } from './admin-messages/index.ts';

// Every msg the API sends, in both languages (ARCHITECTURE.md §4: msg is localized by Locale and
// safe to show). `{name}` placeholders are filled from params.
const catalog = {
  ...adminMessages,
  ok: { 'zh-CN': '成功', en: 'OK' },
  bad_request: { 'zh-CN': '请求无效', en: 'Bad request' },
  bad_url: { 'zh-CN': '请求地址无效', en: 'The address of this request is not valid' },
  invalid_json: { 'zh-CN': '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  // A schema failure, already worded with the field's label by validation-messages.ts.
  invalid_param: { 'zh-CN': '{message}', en: '{message}' },
  unsupported_media_type: {
    'zh-CN': '不支持的内容类型，请使用 application/json',
    en: 'Unsupported content type; send application/json',
  },
  payload_too_large: { 'zh-CN': '请求体过大', en: 'The request body is too large' },
  headers_too_large: { 'zh-CN': '请求头过大', en: 'The request headers are too large' },
  bad_host: { 'zh-CN': '请求的 Host 头无效', en: 'The Host header of the request is not valid' },
  request_timeout: { 'zh-CN': '请求超时，请重试', en: 'The request took too long; please try again' },
  unauthorized: { 'zh-CN': '请先登录', en: 'Please log in first' },
  forbidden: { 'zh-CN': '没有权限', en: 'You are not allowed to do this' },
  not_found: { 'zh-CN': '内容不存在', en: 'Not found' },
  route_not_found: { 'zh-CN': '接口不存在：{method} {url}', en: 'No such endpoint: {method} {url}' },
  method_not_allowed: { 'zh-CN': '不支持的请求方法', en: 'Method not allowed' },
  conflict: { 'zh-CN': '请求冲突，请重试', en: 'Conflict; please try again' },
  too_many_requests: { 'zh-CN': '请求过于频繁，请稍后再试', en: 'Too many requests; please try again later' },
  goods_not_found: {
    'zh-CN': '商品不存在或已下架',
    en: 'This product does not exist or is no longer on sale',
  },
  category_not_found: { 'zh-CN': '分类不存在', en: 'This category does not exist' },
  zone_not_found: { 'zh-CN': '专区不存在', en: 'This zone does not exist' },
  article_not_found: { 'zh-CN': '文章不存在', en: 'This article does not exist' },
  module_not_found: { 'zh-CN': '栏目不存在', en: 'This section does not exist' },
  server_not_found: { 'zh-CN': '该游戏没有这个区服', en: 'This game has no such server' },
  player_not_found: {
    'zh-CN': '未找到该玩家，请检查玩家 ID 和区服',
    en: 'Player not found; check the player ID and server',
  },
  player_account_not_found: {
    'zh-CN': '没有找到这个已保存的游戏账号',
    en: 'This saved game account was not found',
  },
  player_check_unavailable: {
    'zh-CN': '暂时无法验证玩家账号，请稍后再试',
    en: 'The player account cannot be checked right now; please try again shortly',
  },
  not_direct_topup: { 'zh-CN': '该商品不是直充商品', en: 'This product is not a direct top-up' },
  invalid_credentials: { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  // Only after the right password (issue 29): the buyer is told why, and how to reach service.
  account_disabled: {
    'zh-CN': '该账号已被停用，请联系客服处理',
    en: 'This account has been disabled; please contact customer service',
  },
  account_disabled_hours: {
    'zh-CN': '该账号已被停用，请联系客服处理（服务时间：{hours}）',
    en: 'This account has been disabled; please contact customer service (service hours: {hours})',
  },
  wrong_old_password: { 'zh-CN': '原密码不正确', en: 'The current password is wrong' },
  captcha_required: { 'zh-CN': '请输入图形验证码', en: 'Please enter the picture code' },
  captcha_invalid: {
    'zh-CN': '图形验证码错误或已过期，请刷新后重试',
    en: 'Wrong or expired picture code; refresh it and try again',
  },
  code_invalid: { 'zh-CN': '验证码错误或已过期', en: 'Wrong or expired verification code' },
  code_too_many_tries: {
    'zh-CN': '验证码错误次数过多，请重新获取',
    en: 'Too many wrong tries; request a new code',
  },
  code_cooldown: {
    'zh-CN': '验证码发送过于频繁，请 60 秒后再试',
    en: 'A code was just sent; try again in 60 seconds',
  },
  account_invalid: { 'zh-CN': '请输入有效的邮箱或手机号', en: 'Enter a valid email address or phone number' },
  account_exists: { 'zh-CN': '该账号已注册，请直接登录', en: 'This account already exists; please log in' },
  upload_grant_invalid: {
    'zh-CN': '上传凭证无效，请重新选择图片',
    en: 'The upload grant is not valid; choose the picture again',
  },
  upload_grant_expired: {
    'zh-CN': '上传凭证已过期，请重新选择图片',
    en: 'The upload grant has expired; choose the picture again',
  },
  upload_not_multipart: {
    'zh-CN': '请以 multipart/form-data 表单上传文件',
    en: 'Upload the file as a multipart/form-data form',
  },
  upload_empty: { 'zh-CN': '没有收到文件', en: 'No file was received' },
  upload_too_large: { 'zh-CN': '图片不能超过 {max}', en: 'The picture must be at most {max}' },
  upload_type: {
    'zh-CN': '仅支持 PNG、JPEG、WebP 或 GIF 图片',
    en: 'Only PNG, JPEG, WebP or GIF pictures are accepted',
  },
  upload_used: {
    'zh-CN': '该上传凭证已使用，请重新选择图片',
    en: 'This upload grant was already used; choose the picture again',
  },
  avatar_not_uploaded: {
    'zh-CN': '头像必须是你在本站上传的图片',
    en: 'The avatar must be a picture you uploaded to this shop',
  },
  cart_line_not_found: { 'zh-CN': '购物车中没有这件商品', en: 'This item is not in your cart' },
  sku_required: { 'zh-CN': '请选择规格', en: 'Choose an option' },
  sku_invalid: { 'zh-CN': '该规格不存在或已下架', en: 'This option does not exist or is no longer on sale' },
  face_value_required: { 'zh-CN': '请选择面值', en: 'Choose a value' },
  face_value_invalid: { 'zh-CN': '该面值不存在或已下架', en: 'This value is not offered' },
  player_required: { 'zh-CN': '请填写玩家 ID', en: 'Enter the player ID' },
  server_required: { 'zh-CN': '请选择区服', en: 'Choose a server' },
  stock_insufficient: { 'zh-CN': '库存不足，仅剩 {stock} 件', en: 'Not enough stock: only {stock} left' },
  quantity_max: { 'zh-CN': '单个商品最多购买 {max} 件', en: 'At most {max} of one item' },
  cart_full: {
    'zh-CN': '购物车最多 {max} 种商品，请先结算或删除部分商品',
    en: 'The cart holds at most {max} lines; check out or remove some first',
  },
  cart_changed: {
    'zh-CN': '购物车已变化，请刷新后重试',
    en: 'Your cart changed; refresh and try again',
  },
  balance_insufficient: { 'zh-CN': '余额不足', en: 'Your balance is not enough' },
  order_not_found: { 'zh-CN': '订单不存在', en: 'This order does not exist' },
  order_not_payable: {
    'zh-CN': '订单已取消或已超时，请重新下单',
    en: 'This order was cancelled or timed out; please order again',
  },
  order_already_paid: { 'zh-CN': '订单已支付', en: 'This order is already paid' },
  order_not_cancellable: {
    'zh-CN': '只有待支付的订单可以取消',
    en: 'Only an unpaid order can be cancelled',
  },
  sold_out: {
    'zh-CN': '{name} 库存不足，已售罄或被他人抢先下单',
    en: '{name} is sold out or was just taken by another buyer',
  },
  unpaid_orders_limit: {
    'zh-CN': '您已有 {max} 个待支付订单，请先支付或取消后再下单',
    en: 'You already have {max} unpaid orders; pay or cancel one before ordering again',
  },
  reserve_limit: {
    'zh-CN': '{name} 每位买家的待支付订单中最多保留 {max} 件，请先支付已有订单',
    en: 'At most {max} of {name} can wait in your unpaid orders; pay those first',
  },
  pending_recharges_limit: {
    'zh-CN': '您有 {max} 笔充值尚未完成，请完成支付或稍后再试',
    en: 'You have {max} top-ups waiting for payment; finish one or try again later',
  },
  idempotency_mismatch: {
    'zh-CN': '同一个 Idempotency-Key 不能用于不同的下单内容',
    en: 'This Idempotency-Key was used for a different order',
  },
  pay_method_off: { 'zh-CN': '该支付方式暂未开放', en: 'This payment method is not available' },
  payment_not_found: { 'zh-CN': '支付记录不存在', en: 'This payment does not exist' },
  payment_amount_mismatch: { 'zh-CN': '支付金额不符', en: 'The paid amount does not match' },
  recharge_amount: {
    'zh-CN': '充值金额须在 ¥1.00 到 ¥50,000.00 之间',
    en: 'A top-up must be between ¥1.00 and ¥50,000.00',
  },
  ticket_not_found: { 'zh-CN': '工单不存在', en: 'This ticket does not exist' },
  ticket_closed: {
    'zh-CN': '工单已关闭，如有新问题请新建工单',
    en: 'This ticket is closed; open a new one for a new question',
  },
  card_not_found: { 'zh-CN': '卡密不存在', en: 'This card key does not exist' },
  // Keys of an item refunded in full, or of an order refunded in full (decision 058).
  card_withdrawn: {
    'zh-CN': '退款后卡密已收回，无法再查看',
    en: 'Keys withdrawn after refund: they can no longer be shown',
  },
  // Shipping addresses (decision 030).
  address_not_found: { 'zh-CN': '收货地址不存在', en: 'This address does not exist' },
  address_limit: {
    'zh-CN': '最多保存 {max} 个收货地址，请先删除不用的地址',
    en: 'You can keep at most {max} addresses; delete one you no longer use first',
  },
  address_region_invalid: {
    'zh-CN': '所选的省份、城市和区县不匹配，请重新选择',
    en: 'The province, city and district do not match; please choose them again',
  },
  address_required: {
    'zh-CN': '订单中有需要邮寄的商品，请先选择收货地址再付款',
    en: 'This order has goods to ship; choose a delivery address before paying',
  },
  order_ships_nothing: {
    'zh-CN': '该订单没有需要邮寄的商品，无需收货地址',
    en: 'This order has nothing to ship, so it needs no address',
  },
  order_address_locked: {
    'zh-CN': '订单付款后不能再修改收货地址，如需修改请联系客服',
    en: 'The address can only be changed before the order is paid; contact support to change it',
  },
  order_cards_not_found: {
    'zh-CN': '该订单没有可查看的卡密',
    en: 'This order has no card keys to show',
  },
  // Promotion codes (issue 31, decision 071): why a code gives nothing, in words.
  coupon_not_found: {
    'zh-CN': '没有这个优惠码，请检查后重新输入',
    en: 'There is no such code; check it and try again',
  },
  coupon_disabled: { 'zh-CN': '该优惠码已停用', en: 'This code has been switched off' },
  coupon_not_started: { 'zh-CN': '该优惠码还没到可用时间', en: 'This code cannot be used yet' },
  coupon_expired: { 'zh-CN': '该优惠码已过期', en: 'This code has expired' },
  coupon_not_applicable: {
    'zh-CN': '该优惠码不适用于这些商品',
    en: 'This code does not apply to these goods',
  },
  coupon_min_spend: {
    'zh-CN': '适用商品满 {min} 才能使用该优惠码',
    en: 'This code needs at least {min} of the goods it applies to',
  },
  coupon_used_up: {
    'zh-CN': '该优惠码已被用完，下次请早点来',
    en: 'This code has been used up',
  },
  coupon_used_by_you: {
    'zh-CN': '您已用过该优惠码，不能再用',
    en: 'You have already used this code as often as it allows',
  },
  coupon_first_order: { 'zh-CN': '该优惠码仅限首单使用', en: 'This code is for a first order only' },
  order_payment_started: {
    'zh-CN': '该订单已发起支付，不能再更换优惠码',
    en: 'A payment of this order has started; its code can no longer change',
  },
  internal_error: {
    'zh-CN': '服务器开小差了，请稍后再试',
    en: 'Something went wrong on our side; please try again later',
  },
  unavailable: { 'zh-CN': '服务暂不可用', en: 'Service unavailable' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof catalog;
export type MessageParams = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template: string = catalog[key][locale];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const BY_STATUS: Record<number, MessageKey> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  408: 'request_timeout',
  429: 'too_many_requests',
  431: 'headers_too_large',
  503: 'unavailable',
};

export function messageForStatus(status: number): MessageKey {
  return BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

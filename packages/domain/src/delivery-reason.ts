// Why a top-up could not be delivered (issue 12, decision 032). A supplier answers in its own words
// and codes; its adapter maps them onto these few codes, which the shop stores with the delivery
// and says in the buyer's language. The supplier's own text is kept as the detail.

export const DELIVERY_FAILURE_CODES = [
  'player_not_found',
  'account_banned',
  'out_of_stock',
  'limit_exceeded',
  'supplier_error',
] as const;
export type DeliveryFailureCode = (typeof DELIVERY_FAILURE_CODES)[number];

const TEXT: Record<'zh-CN' | 'en', Record<DeliveryFailureCode, string>> = {
  'zh-CN': {
    player_not_found: '游戏中找不到这个玩家 ID（请核对玩家 ID 和区服）',
    account_banned: '该游戏账号被封禁或受限，游戏拒绝为其充值',
    out_of_stock: '充值渠道暂时缺少这个面值',
    limit_exceeded: '该游戏账号已达到充值上限',
    supplier_error: '充值渠道暂时无法完成这笔充值',
  },
  en: {
    player_not_found: 'The game has no player with this ID (check the player ID and server)',
    account_banned: 'This game account is banned or restricted, and the game refused the top-up',
    out_of_stock: 'The top-up channel has run out of this value for now',
    limit_exceeded: 'This game account has reached its top-up limit',
    supplier_error: 'The top-up channel could not complete this top-up for now',
  },
};

export function isDeliveryFailureCode(value: unknown): value is DeliveryFailureCode {
  return (DELIVERY_FAILURE_CODES as readonly unknown[]).includes(value);
}

/** The reason in the buyer's language. */
export function deliveryFailureText(code: DeliveryFailureCode, locale: 'zh-CN' | 'en'): string {
  return TEXT[locale][code];
}

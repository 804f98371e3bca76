import type { OperatorGrant, Permission } from '@shop/domain/admin';

// Who may read an audit entry (issue 29, decision 062): the area its action belongs to. A staff
// member reads the entries of the areas their permissions cover, and the entries about their own
// operator account; the owner reads everything. An action missing here is the owner's alone, and
// the labels test (apps/web/app/components/admin/labels.test.ts) fails until it is added, so a new
// action cannot leak to staff by omission.

/** Every audited action, `<object type>.<verb>`, and the permission that reads it. */
export const AUDIT_ACTION_AREAS = {
  'category.create': 'catalog',
  'category.update': 'catalog',
  'category.remove': 'catalog',
  'goods.create': 'catalog',
  'goods.update': 'catalog',
  'goods.on_sale': 'catalog',
  'goods.off_sale': 'catalog',
  'goods.prices': 'catalog',
  'card_key.import': 'keys',
  'card_key.reveal': 'keys',
  'card_key.void': 'keys',
  'banner.create': 'content',
  'banner.update': 'content',
  'banner.delete': 'content',
  'module.create': 'content',
  'module.update': 'content',
  'module.delete': 'content',
  'module.goods': 'content',
  'zone.create': 'content',
  'zone.update': 'content',
  'zone.delete': 'content',
  'zone.goods': 'content',
  'article.create': 'content',
  'article.update': 'content',
  'article.delete': 'content',
  'link.create': 'content',
  'link.update': 'content',
  'link.delete': 'content',
  'settings.update': 'settings',
  'settings.channels': 'settings',
  'settings.mail_template': 'settings',
  'settings.mail_template_reset': 'settings',
  'order.cancel': 'orders',
  'delivery.deliver': 'orders',
  'delivery.retry': 'orders',
  'order.refund': 'refunds',
  'refund.delivery': 'refunds',
  'refund.succeed': 'refunds',
  'refund.fail': 'refunds',
  'refund.retry': 'refunds',
  'buyer.enable': 'buyers',
  'buyer.disable': 'buyers',
  'buyer.adjust_balance': 'buyers',
  'ticket.reply': 'support',
  'ticket.close': 'support',
  'canned_reply.create': 'support',
  'canned_reply.update': 'support',
  'canned_reply.delete': 'support',
  'coupon.create': 'promotions',
  'coupon.update': 'promotions',
  'coupon_batch.create': 'promotions',
  'coupon_batch.export': 'promotions',
  'coupon_batch.retry': 'promotions',
  'member_level.create': 'promotions',
  'member_level.update': 'promotions',
  'member_level.delete': 'promotions',
  'export.orders': 'orders',
  'export.ledger': 'buyers',
  'export.key_sales': 'keys',
  'export.refunds': 'refunds',
  'export.dashboard': 'orders',
  'operator.create': 'owner',
  'operator.update': 'owner',
  'operator.reset_password': 'owner',
  'operator.password': 'owner',
  'operator.totp_on': 'owner',
  'operator.totp_off': 'owner',
  'operator.alerts': 'owner',
  'settings.alerts_telegram': 'settings',
  'settings.alerts_limits': 'settings',
  'webhook.create': 'settings',
  'webhook.update': 'settings',
  'webhook.delete': 'settings',
} as const satisfies Record<string, Permission | 'owner'>;
export type AuditAction = keyof typeof AUDIT_ACTION_AREAS;

/** Who reads the log: the operator's grant and id (their own account's entries are theirs). */
export type AuditViewer = OperatorGrant & { id: number };

/**
 * The entries a viewer may read: `null` for everything (the owner), else the actions of their
 * areas and their own operator id.
 */
export function auditScope(viewer: AuditViewer): { actions: string[]; operatorId: string } | null {
  if (viewer.role === 'owner') return null;
  const actions = Object.entries(AUDIT_ACTION_AREAS)
    .filter(([, area]) => area !== 'owner' && viewer.permissions.includes(area))
    .map(([action]) => action);
  return { actions, operatorId: String(viewer.id) };
}

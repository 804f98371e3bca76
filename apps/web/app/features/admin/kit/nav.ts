import { type AdminAccess, mayAccess } from '@shop/domain/admin';
import type { AdminKey } from './use-admin-t';
import type { Me } from './types';

export interface NavItem {
  to: string;
  label: AdminKey;
  access: AdminAccess;
}
export interface NavGroup {
  label: AdminKey;
  items: NavItem[];
}

/** The console's pages by area, each shown only to operators the API would let in. */
export const NAV: NavGroup[] = [
  { label: 'common.nav.home', items: [{ to: '/admin', label: 'common.nav.home', access: 'operator' }] },
  {
    label: 'common.nav.sales',
    items: [
      { to: '/admin/orders', label: 'common.nav.orders', access: 'orders' },
      { to: '/admin/reconciliation', label: 'common.nav.reconciliation', access: 'orders' },
      { to: '/admin/buyers', label: 'common.nav.buyers', access: 'buyers' },
    ],
  },
  {
    label: 'common.nav.support',
    items: [
      { to: '/admin/support', label: 'common.nav.tickets', access: 'support' },
      { to: '/admin/support-replies', label: 'common.nav.cannedReplies', access: 'support' },
    ],
  },
  {
    label: 'common.nav.promotions',
    items: [
      { to: '/admin/coupons', label: 'common.nav.coupons', access: 'promotions' },
      { to: '/admin/coupon-batches', label: 'common.nav.batches', access: 'promotions' },
    ],
  },
  {
    label: 'common.nav.catalog',
    items: [
      { to: '/admin/categories', label: 'common.nav.categories', access: 'catalog' },
      { to: '/admin/goods', label: 'common.nav.goods', access: 'catalog' },
      { to: '/admin/keys', label: 'common.nav.keys', access: 'keys' },
    ],
  },
  {
    label: 'common.nav.content',
    items: [
      { to: '/admin/banners', label: 'common.nav.banners', access: 'content' },
      { to: '/admin/modules', label: 'common.nav.modules', access: 'content' },
      { to: '/admin/zones', label: 'common.nav.zones', access: 'content' },
      { to: '/admin/articles', label: 'common.nav.articles', access: 'content' },
      { to: '/admin/links', label: 'common.nav.links', access: 'content' },
    ],
  },
  {
    label: 'common.nav.settings',
    items: [
      { to: '/admin/settings', label: 'common.nav.siteSettings', access: 'settings' },
      { to: '/admin/channels', label: 'common.nav.channels', access: 'settings' },
      { to: '/admin/mail-templates', label: 'common.nav.mailTemplates', access: 'settings' },
      { to: '/admin/member-levels', label: 'common.nav.memberLevels', access: 'promotions' },
      { to: '/admin/alerts', label: 'common.nav.alerts', access: 'operator' },
      { to: '/admin/alert-channels', label: 'common.nav.alertChannels', access: 'settings' },
    ],
  },
  {
    label: 'common.nav.team',
    items: [
      { to: '/admin/operators', label: 'common.nav.operators', access: 'owner' },
      { to: '/admin/audit', label: 'common.nav.audit', access: 'operator' },
      { to: '/admin/exports', label: 'common.nav.exports', access: 'operator' },
    ],
  },
];

/** The groups and pages this operator may open. */
export function navFor(me: Pick<Me, 'role' | 'permissions'>): NavGroup[] {
  return NAV.map((g) => ({ ...g, items: g.items.filter((i) => mayAccess(me, i.access)) })).filter(
    (g) => g.items.length > 0,
  );
}

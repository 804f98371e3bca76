import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// SPEC §2. Every page is its own route module, loaded on demand. Ranked matching makes the static
// `category/goods/player` win over `category/goods/:id`.
export default [
  index('routes/home.tsx'),
  route('search', 'routes/search.tsx'),
  route('article/:id', 'routes/article.tsx'),
  route('category/:id', 'routes/category.tsx'),
  route('category/goods/player', 'routes/goods-player.tsx'),
  route('category/goods/:id', 'routes/goods-detail.tsx'),
  route('zone/:id', 'routes/zone.tsx'),

  // Resource routes (no component): for crawlers.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),

  // Login required (SPEC §2 table, "yes").
  layout('routes/_guard.tsx', [
    route('cart', 'routes/cart.tsx'),
    route('user/center', 'routes/user-center.tsx'),
    route('user/asset/log', 'routes/user-asset-log.tsx'),
    route('user/asset/wallet', 'routes/user-wallet.tsx'),
    route('user/order', 'routes/user-orders.tsx'),
    route('user/password', 'routes/user-password.tsx'),
    route('user/support', 'routes/user-support.tsx'),
    // Not in SPEC §2: the address book of goods that ship (decision 030).
    route('user/address', 'routes/user-address.tsx'),
  ]),

  // "No guard is listed" (SPEC §2).
  route('user/order/card', 'routes/user-order-card.tsx'),
  route('user/order/checkout/:oid', 'routes/user-order-checkout.tsx'),
  route('user/order/detail/:oid', 'routes/user-order-detail.tsx'),
  route('user/update', 'routes/user-update.tsx'),

  // The operator console (issue 14): lazily loaded, rendered in the browser, never a buyer's code.
  route('admin/login', 'routes/admin/login.tsx'),
  layout('routes/admin/_layout.tsx', [
    route('admin', 'routes/admin/home.tsx'),
    route('admin/account', 'routes/admin/account.tsx'),
    route('admin/operators', 'routes/admin/operators.tsx'),
    route('admin/audit', 'routes/admin/audit.tsx'),
    route('admin/categories', 'routes/admin/categories.tsx'),
    route('admin/goods', 'routes/admin/goods-list.tsx'),
    route('admin/goods/:id', 'routes/admin/goods-edit.tsx'),
    route('admin/keys', 'routes/admin/keys.tsx'),
    route('admin/banners', 'routes/admin/banners.tsx'),
    route('admin/modules', 'routes/admin/modules.tsx'),
    route('admin/zones', 'routes/admin/zones.tsx'),
    route('admin/articles', 'routes/admin/articles.tsx'),
    route('admin/articles/:id', 'routes/admin/article-edit.tsx'),
    route('admin/links', 'routes/admin/links.tsx'),
    route('admin/settings', 'routes/admin/settings.tsx'),
    route('admin/channels', 'routes/admin/channels.tsx'),
    route('admin/mail-templates', 'routes/admin/mail-templates.tsx'),
    route('admin/orders', 'routes/admin/orders-list.tsx'),
    route('admin/orders/:oid', 'routes/admin/order-detail.tsx'),
    route('admin/reconciliation', 'routes/admin/reconciliation.tsx'),
    route('admin/buyers', 'routes/admin/buyers-list.tsx'),
    route('admin/buyers/:id', 'routes/admin/buyer-detail.tsx'),
    route('admin/support', 'routes/admin/support-inbox.tsx'),
    route('admin/support/:id', 'routes/admin/support-ticket.tsx'),
    route('admin/support-replies', 'routes/admin/canned-replies.tsx'),
    route('admin/coupons', 'routes/admin/coupons.tsx'),
    route('admin/coupon-batches', 'routes/admin/coupon-batches.tsx'),
    route('admin/member-levels', 'routes/admin/member-levels.tsx'),
    route('admin/alerts', 'routes/admin/alerts.tsx'),
    route('admin/alert-channels', 'routes/admin/alert-channels.tsx'),
    route('admin/exports', 'routes/admin/exports.tsx'),
  ]),

  route('403', 'routes/forbidden.tsx'),
  route('404', 'routes/not-found.tsx'),
  route('500', 'routes/server-error.tsx'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;

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

  route('403', 'routes/forbidden.tsx'),
  route('404', 'routes/not-found.tsx'),
  route('500', 'routes/server-error.tsx'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;

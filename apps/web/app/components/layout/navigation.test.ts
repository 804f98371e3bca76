import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The stores run in node here with a fake browser: localStorage and a fetch answering the API.
type Route = (url: string, init: RequestInit) => Response | Promise<Response>;
const envelope = (data: unknown, extra: Record<string, unknown> = {}, code = 200) =>
  new Response(JSON.stringify({ code, msg: code === 200 ? 'ok' : 'failed', data, ...extra }), {
    status: code === 200 ? 200 : code,
  });

let routes: Record<string, Route> = {};
const calls: Array<{ url: string; init: RequestInit }> = [];
const storage = new Map<string, string>();

vi.stubGlobal('window', {
  fetch: async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const path = new URL(url, 'http://shop.test').pathname;
    const route = routes[path];
    return route ? route(url, init) : envelope(null, {}, 404);
  },
  localStorage: {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  },
});

const { onNavigation } = await import('./navigation');
const { DEFAULT_SITE_CONFIG } = await import('../../lib/site-config');
const { useUiStore } = await import('../../stores/ui');
const { useSiteConfigStore } = await import('../../stores/site-config');
const { useUserStore, EMPTY_USER, LoginError } = await import('../../stores/user');
const { useCartStore } = await import('../../stores/cart');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  routes = {
    '/api/front/app/config': () =>
      envelope({ ...DEFAULT_SITE_CONFIG, copyright: '© test', order_balance_switch: 1 }),
  };
  calls.length = 0;
  storage.clear();
  useUiStore.setState({ loginVisible: false, registerVisible: false, cartPanelVisible: false });
  useSiteConfigStore.setState({ loaded: false, loading: false });
  useUserStore.setState({ token: '', info: EMPTY_USER, loaded: false, loading: false, tokenChecked: false });
  useCartStore.getState().reset();
});

afterEach(async () => {
  await settle();
});

describe('on every navigation (SPEC §2)', () => {
  it('closes the cart panel', () => {
    useUiStore.getState().openCartPanel();
    onNavigation();
    expect(useUiStore.getState().cartPanelVisible).toBe(false);
  });

  it('loads the site config once, when not loaded yet', async () => {
    onNavigation();
    await settle();
    expect(useSiteConfigStore.getState()).toMatchObject({
      loaded: true,
      config: { copyright: '© test', order_balance_switch: 1 },
    });
    onNavigation();
    await settle();
    expect(calls.filter((c) => c.url.endsWith('/api/front/app/config'))).toHaveLength(1);
  });

  it('does not load the user without a token', async () => {
    onNavigation();
    await settle();
    expect(useUserStore.getState().tokenChecked).toBe(true);
    expect(calls.some((c) => c.url.includes('/user/info'))).toBe(false);
  });

  it('loads the user (and then the cart badge from cart/count) when a token exists and the user is not loaded', async () => {
    storage.set('token', 'tok-9');
    routes['/api/front/user/info'] = () =>
      envelope({ ...EMPTY_USER, id: 5, nickname: 'Ann', balance: '10.00' });
    routes['/api/front/goods/cart/count'] = () => envelope({ count: 150 });
    onNavigation();
    await settle();
    await settle();
    const info = calls.find((c) => c.url.includes('/user/info'));
    expect(info?.init.headers).toMatchObject({ Authorization: 'tok-9' });
    expect(useUserStore.getState()).toMatchObject({
      token: 'tok-9',
      loaded: true,
      info: { id: 5, nickname: 'Ann', sex: 0 },
    });
    // The badge alone (decision 061): the lines are loaded where they are shown.
    expect(useCartStore.getState().count).toBe(150);
    expect(calls.some((c) => c.url.includes('/cart/show'))).toBe(false);
    onNavigation();
    await settle();
    expect(calls.filter((c) => c.url.includes('/user/info'))).toHaveLength(1);
  });

  it('resets all user data when the info has no id (SPEC §4)', async () => {
    storage.set('token', 'tok-9');
    routes['/api/front/user/info'] = () => envelope({ nickname: 'ghost' });
    useCartStore.setState({ count: 4 });
    onNavigation();
    await settle();
    await settle();
    expect(useUserStore.getState()).toMatchObject({ token: '', loaded: false, info: EMPTY_USER });
    expect(storage.has('token')).toBe(false);
    expect(useCartStore.getState().count).toBe(0);
  });
});

describe('user store (SPEC §4)', () => {
  it('login succeeds only with a token: stores it, then fetches the info', async () => {
    routes['/api/front/app/login'] = () => envelope({ token: 'new-token' });
    routes['/api/front/user/info'] = () => envelope({ id: 1, nickname: 'Bo' });
    routes['/api/front/goods/cart/show'] = () => envelope([]);
    await useUserStore.getState().login({ account: 'buyer@demo.test', password: 'demo1234' });
    expect(storage.get('token')).toBe('new-token');
    expect(useUserStore.getState()).toMatchObject({ token: 'new-token', loaded: true, info: { id: 1 } });
    const login = calls.find((c) => c.url.endsWith('/api/front/app/login'));
    expect(login?.init.method).toBe('POST');
    expect(JSON.parse(String(login?.init.body))).toEqual({
      account: 'buyer@demo.test',
      password: 'demo1234',
    });
  });

  it('login without a token fails and stores nothing', async () => {
    routes['/api/front/app/login'] = () => envelope({});
    await expect(useUserStore.getState().login({ account: 'a', password: 'b' })).rejects.toBeInstanceOf(
      LoginError,
    );
    expect(storage.has('token')).toBe(false);
    expect(useUserStore.getState().token).toBe('');
    expect(calls.some((c) => c.url.includes('/user/info'))).toBe(false);
  });

  it('logout resets the user and the cart, revoking the token with it', async () => {
    storage.set('token', 'tok-1');
    useUserStore.setState({
      token: 'tok-1',
      loaded: true,
      info: { ...EMPTY_USER, id: 3 },
      tokenChecked: true,
    });
    useCartStore.setState({ count: 2, loaded: true });
    routes['/api/front/app/logout'] = () => envelope(null);
    await useUserStore.getState().logout();
    expect(useUserStore.getState()).toMatchObject({ token: '', loaded: false, info: EMPTY_USER });
    expect(useCartStore.getState()).toMatchObject({ count: 0, loaded: false, items: [] });
    expect(storage.has('token')).toBe(false);
    expect(calls.find((c) => c.url.endsWith('/app/logout'))?.init.headers).toMatchObject({
      Authorization: 'tok-1',
    });
  });
});

describe('ui store (SPEC §2)', () => {
  it('showing one dialog hides the other', () => {
    const ui = useUiStore.getState();
    ui.showLogin();
    expect(useUiStore.getState()).toMatchObject({ loginVisible: true, registerVisible: false });
    ui.showRegister();
    expect(useUiStore.getState()).toMatchObject({ loginVisible: false, registerVisible: true });
    ui.showLogin();
    expect(useUiStore.getState()).toMatchObject({ loginVisible: true, registerVisible: false });
  });
});

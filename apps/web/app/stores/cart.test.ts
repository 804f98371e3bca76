// The cart store against a scripted API (SPEC §4 "Cart add", §7 calls): which call each action
// makes, in which order, and what the store and the ui flags hold afterwards.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '@shop/contract/endpoints';
import type { CartAddRequest } from '../lib/cart-actions';
import { ApiError } from '../lib/http';

const calls: Array<[string, string, unknown?]> = [];
let lines: Array<Record<string, unknown>> = [];
let failNext: ApiError | null = null;
/** What GET cart/count answers; by default the sum of the lines' quantities. */
let countAnswer: number | null = null;

function show() {
  return {
    code: 200,
    msg: 'ok',
    data: lines,
    count: lines.reduce((sum, l) => sum + Number(l.num), 0),
    total_pay_price: '0.00',
    currency: 'CNY',
  };
}

vi.mock('../lib/api', () => ({
  api: {
    callEnvelope: vi.fn(async (endpoint: Endpoint) => {
      calls.push([endpoint.method, endpoint.path]);
      return show();
    }),
    call: vi.fn(async (endpoint: Endpoint, body: Record<string, unknown>) => {
      calls.push([endpoint.method, endpoint.path, body]);
      if (endpoint.path === '/api/front/user/info') return { id: 1, nickname: 'e2e' };
      if (endpoint.path.endsWith('/cart/count'))
        return { count: countAnswer ?? lines.reduce((sum, l) => sum + Number(l.num), 0) };
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      if (endpoint.path.endsWith('/add')) return { ids: [42], count: 1 };
      if (endpoint.path.endsWith('/update')) return { id: body.id, num: body.num, count: Number(body.num) };
      return null;
    }),
  },
  onUnauthorized: () => () => undefined,
}));
vi.mock('../lib/toast', () => ({
  message: { warning: vi.fn(), success: vi.fn(), error: vi.fn(), info: vi.fn() },
  notify: { warning: vi.fn(), success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const { useCartStore } = await import('./cart');
const { useUiStore } = await import('./ui');
const { useUserStore } = await import('./user');
const { message } = await import('../lib/toast');

const sku: CartAddRequest = {
  goods_id: 8,
  goods_sku_id: 80,
  num: 1,
  face_value: 0,
  currency: 'CNY',
  price: '100.00',
  player_id: '',
  server_id: 0,
  server: '',
  spec_type: 1,
  recharge_type: 1,
};
const line = (id: number, num: number) => ({ ...sku, id, num, face_value: 0, available: true, stock: null });

beforeEach(() => {
  calls.length = 0;
  lines = [];
  failNext = null;
  countAnswer = null;
  vi.mocked(message.warning).mockClear();
  vi.mocked(message.success).mockClear();
  useCartStore.getState().reset();
  useUiStore.setState({ loginVisible: false, registerVisible: false, cartPanelVisible: false });
  useUserStore.setState({ token: 'token-1' });
});

describe('cart store: add (SPEC §4)', () => {
  it('logged out: opens the login dialog, warns 请先登录 and calls nothing', async () => {
    useUserStore.setState({ token: '' });
    await expect(useCartStore.getState().add(sku)).resolves.toEqual({ outcome: 'login' });
    expect(useUiStore.getState().loginVisible).toBe(true);
    expect(message.warning).toHaveBeenCalledWith('cart.loginFirst');
    expect(calls).toEqual([]);
    expect(useUiStore.getState().cartPanelVisible).toBe(false);
  });

  it('no matching line: loads the cart first, adds with is_buy_now 0, says 添加成功, reloads, opens the panel', async () => {
    await expect(useCartStore.getState().add({ ...sku, num: 2 })).resolves.toEqual({
      outcome: 'added',
      ids: [42],
    });
    expect(calls.map(([m, p]) => `${m} ${p}`)).toEqual([
      'GET /api/front/goods/cart/show',
      'POST /api/front/goods/cart/add',
      'GET /api/front/goods/cart/show',
      'GET /api/front/goods/cart/count',
    ]);
    expect(calls[1]![2]).toEqual({
      items: [
        {
          goods_id: 8,
          goods_sku_id: 80,
          num: 2,
          face_value: 0,
          currency: 'CNY',
          price: '100.00',
          player_id: '',
          server_id: 0,
          server: '',
        },
      ],
      is_buy_now: 0,
    });
    expect(message.success).toHaveBeenCalledWith('cart.added');
    expect(useUiStore.getState().cartPanelVisible).toBe(true);
  });

  it('a matching line: raises it through the update call, reloads and opens the panel', async () => {
    lines = [line(7, 1)];
    await useCartStore.getState().load();
    calls.length = 0;
    await expect(useCartStore.getState().add(sku)).resolves.toEqual({ outcome: 'updated', ids: [7] });
    expect(calls.map(([m, p, b]) => [m, p, b])).toEqual([
      ['POST', '/api/front/goods/cart/update', { id: 7, num: 2 }],
      ['GET', '/api/front/goods/cart/show', undefined],
      ['GET', '/api/front/goods/cart/count', undefined],
    ]);
    expect(message.success).not.toHaveBeenCalled();
    expect(useUiStore.getState().cartPanelVisible).toBe(true);
  });

  it('a refusal keeps the panel closed, reloads the list and rejects', async () => {
    await useCartStore.getState().load();
    calls.length = 0;
    failNext = new ApiError('api', 400, 'Not enough stock', 400);
    await expect(useCartStore.getState().add(sku)).rejects.toThrow('Not enough stock');
    await vi.waitFor(() => expect(calls.at(-1)?.[1]).toBe('/api/front/goods/cart/show'));
    expect(useUiStore.getState().cartPanelVisible).toBe(false);
    expect(message.success).not.toHaveBeenCalled();
  });
});

describe('cart store: update, remove, reset', () => {
  it('update and remove each reload the list', async () => {
    lines = [line(7, 1)];
    await useCartStore.getState().update(7, 5);
    await useCartStore.getState().remove(7);
    expect(calls.map(([m, p, b]) => [m, p, b])).toEqual([
      ['POST', '/api/front/goods/cart/update', { id: 7, num: 5 }],
      ['GET', '/api/front/goods/cart/show', undefined],
      ['GET', '/api/front/goods/cart/count', undefined],
      ['POST', '/api/front/goods/cart/remove', { id: 7 }],
      ['GET', '/api/front/goods/cart/show', undefined],
      ['GET', '/api/front/goods/cart/count', undefined],
    ]);
  });

  it('load keeps the answer; reset empties it, and a load answered after a reset is dropped', async () => {
    lines = [line(7, 60), line(8, 50)];
    await useCartStore.getState().load();
    expect(useCartStore.getState()).toMatchObject({ count: 110, loaded: true, loading: false });
    expect(useCartStore.getState().items.map((i) => i.id)).toEqual([7, 8]);

    const late = useCartStore.getState().load();
    useCartStore.getState().reset();
    await late;
    expect(useCartStore.getState()).toMatchObject({ items: [], count: 0, loaded: false, loading: false });
  });

  it('logout resets the cart (SPEC §4)', async () => {
    lines = [line(7, 3)];
    await useCartStore.getState().load();
    await useUserStore.getState().logout();
    expect(useCartStore.getState()).toMatchObject({ items: [], count: 0, loaded: false });
  });
});

describe('cart store: the badge from GET cart/count (SPEC §7; issue 29)', () => {
  it('after add, update and remove the badge is what cart/count answers', async () => {
    lines = [line(7, 1)];
    countAnswer = 9; // another tab added meanwhile: the count call knows
    await useCartStore.getState().update(7, 2);
    expect(useCartStore.getState().count).toBe(9);
    countAnswer = 4;
    await useCartStore.getState().remove(7);
    expect(useCartStore.getState().count).toBe(4);
    countAnswer = 12;
    await useCartStore.getState().add({ ...sku, goods_sku_id: 81 });
    expect(useCartStore.getState().count).toBe(12);
  });

  it('a login asks for the count only, and a logout meanwhile drops its answer', async () => {
    countAnswer = 3;
    // The user info of the token arrives: the session event of SPEC §4.
    await useUserStore.getState().fetchInfo();
    await vi.waitFor(() => expect(useCartStore.getState().count).toBe(3));
    expect(calls.map(([m, p]) => `${m} ${p}`)).toEqual([
      'GET /api/front/user/info',
      'GET /api/front/goods/cart/count',
    ]);
    expect(useCartStore.getState().loaded).toBe(false);

    const late = useCartStore.getState().loadCount();
    useCartStore.getState().reset();
    await late;
    expect(useCartStore.getState().count).toBe(0);
  });
});

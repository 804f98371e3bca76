// The login intent of the ui store (issue 12): what the buyer asked for before logging in goes on
// after the login or a sign-up, once; closing the dialogs forgets it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '@shop/contract/endpoints';

const posts: Array<[string, unknown]> = [];
vi.mock('../lib/api', () => ({
  api: {
    callEnvelope: vi.fn(async () => ({ code: 200, msg: 'ok', data: [], count: 0, total_pay_price: '0.00' })),
    call: vi.fn(async (endpoint: Endpoint, body: unknown) => {
      posts.push([endpoint.path, body]);
      return { ids: [1], count: 1 };
    }),
  },
  onUnauthorized: () => () => undefined,
}));
vi.mock('../lib/toast', () => ({
  message: { warning: vi.fn(), success: vi.fn(), error: vi.fn(), info: vi.fn() },
  notify: { warning: vi.fn(), success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const { continueLoginIntent, useUiStore } = await import('./ui');
const { useCartStore } = await import('./cart');
const { useUserStore } = await import('./user');

beforeEach(() => {
  posts.length = 0;
  useUiStore.setState({
    loginVisible: false,
    registerVisible: false,
    resetVisible: false,
    loginIntent: null,
  });
  useUserStore.setState({ token: '' });
  useCartStore.getState().reset();
});

describe('login intent (issue 12)', () => {
  it('opens the login dialog and hands the intent over once', () => {
    const intent = vi.fn();
    useUiStore.getState().requireLogin(intent);
    expect(useUiStore.getState()).toMatchObject({ loginVisible: true, registerVisible: false });
    expect(useUiStore.getState().takeLoginIntent()).toBe(intent);
    expect(useUiStore.getState().takeLoginIntent()).toBeNull();
  });

  it('keeps it while the buyer switches to sign-up or a password reset, drops it on close', () => {
    const ui = useUiStore.getState();
    ui.requireLogin(vi.fn());
    ui.showRegister();
    ui.showReset('a@b.test');
    ui.showLoginAs('a@b.test');
    ui.showLogin();
    expect(useUiStore.getState().loginIntent).not.toBeNull();
    for (const hide of [ui.hideLogin, ui.hideRegister, ui.hideReset]) {
      ui.requireLogin(vi.fn());
      hide();
      expect(useUiStore.getState().loginIntent).toBeNull();
    }
  });

  it('after success: hides the dialog first, then runs the intent once', async () => {
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      useUiStore.getState().requireLogin(() => {
        order.push(useUiStore.getState().loginVisible ? 'intent, dialog open' : 'intent');
      });
      continueLoginIntent(() => {
        order.push('hide');
        useUiStore.getState().hideLogin();
      });
      expect(order).toEqual(['hide']);
      await vi.runAllTimersAsync();
      expect(order).toEqual(['hide', 'intent']);
      continueLoginIntent(() => undefined);
      await vi.runAllTimersAsync();
      expect(order).toEqual(['hide', 'intent']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a logged-out cart add is sent after the login, with the same item', async () => {
    const item = {
      goods_id: 7,
      goods_sku_id: 70,
      num: 1,
      face_value: 0,
      currency: 'CNY' as const,
      price: '49.00',
      player_id: '',
      server_id: 0,
      server: '',
      spec_type: 1,
      recharge_type: 1,
    };
    await expect(useCartStore.getState().add(item)).resolves.toEqual({ outcome: 'login' });
    expect(posts).toEqual([]);
    const intent = useUiStore.getState().takeLoginIntent();
    expect(intent).toBeTypeOf('function');
    useUserStore.setState({ token: 'token-1' });
    await intent!();
    expect(posts).toEqual([
      [
        '/api/front/goods/cart/add',
        { items: [expect.objectContaining({ goods_id: 7, goods_sku_id: 70 })], is_buy_now: 0 },
      ],
      // The badge's count after the add (SPEC §7; issue 29).
      ['/api/front/goods/cart/count', undefined],
    ]);
    expect(useUiStore.getState().cartPanelVisible).toBe(true);
  });
});

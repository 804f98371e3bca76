import { create } from 'zustand';
import { DEFAULT_CURRENCY, type Currency } from '@shop/domain/locale';
import { endpoints } from '@shop/contract/endpoints';
import { api } from '../lib/api';
import { planCartAdd, type CartAddRequest } from '../lib/cart-actions';
import { normaliseCartResponse, type CartItem } from '../lib/cart-data';
import { isApiError } from '../lib/http';
import { message } from '../lib/toast';
import { currentLocale, fixedT } from '../i18n/instance';
import { type LoginIntent, useUiStore } from './ui';
import { onSession, useUserStore } from './user';

export type CartAddOutcome =
  /** Not logged in: the login dialog opened and 请先登录 was shown. */
  | { outcome: 'login' }
  /** A matching line was raised through the update call. */
  | { outcome: 'updated'; ids: number[] }
  /** A new line. */
  | { outcome: 'added'; ids: number[] };

// SPEC §3 "Cart", §4 "Cart add". The server is the source of truth: every change is followed by a
// reload of cart/show, whose lines, count and total replace what the store held.
export interface CartState {
  items: CartItem[];
  count: number;
  total_pay_price: string;
  /** What ordering the available lines would charge in CNY, at today's rate (decision 031). */
  total_cny: string;
  exchange_rate: string;
  /** The currency of the prices above (the request Currency of the last load). */
  currency: Currency;
  loading: boolean;
  loaded: boolean;
  load(): Promise<void>;
  /** The badge: GET cart/count (SPEC §7) after a login and after every add, update and remove. */
  loadCount(): Promise<void>;
  /** Loads the cart unless a load is already under way (a page showing it asks on every visit). */
  refresh(): Promise<void>;
  /**
   * SPEC §4 "Cart add" (buy now does not come here: it creates an order from the item). Logged
   * out, `onLogin` is what to do once the buyer has logged in (default: this same add again).
   */
  add(request: CartAddRequest, onLogin?: LoginIntent): Promise<CartAddOutcome>;
  update(id: number, num: number): Promise<void>;
  remove(id: number): Promise<void>;
  reset(): void;
}

const EMPTY = {
  items: [] as CartItem[],
  count: 0,
  total_pay_price: '0.00',
  total_cny: '',
  exchange_rate: '',
  currency: DEFAULT_CURRENCY as Currency,
  loading: false,
  loaded: false,
};

let generation = 0;
let inFlight: Promise<void> | null = null;
/** Only the newest count answer is kept (two changes in a row ask twice). */
let countGeneration = 0;

const ignore = () => undefined;

/**
 * A change the server answered, even with a refusal, is followed by a reload of the list; after a
 * network failure nothing is retried (its pop-up already showed).
 */
/**
 * After a change: the list again (SPEC §4: update and remove reload it) and the badge from
 * cart/count (SPEC §7), side by side; the count answered last is the badge (decision 061).
 */
async function reloadWithCount(): Promise<void> {
  const { load, loadCount } = useCartStore.getState();
  await Promise.all([load(), loadCount().catch(ignore)]);
}

function reloadAfter(error: unknown): void {
  if (isApiError(error) && error.kind === 'api') void useCartStore.getState().load().catch(ignore);
}

export const useCartStore = create<CartState>()((set, get) => ({
  ...EMPTY,

  load() {
    const current = ++generation;
    set({ loading: true });
    const request = (async () => {
      try {
        const body = await api.callEnvelope(endpoints.cartShow);
        if (current !== generation) return; // a reset or a newer load won
        set({ ...normaliseCartResponse(body), loaded: true });
      } finally {
        if (current === generation) {
          set({ loading: false });
          inFlight = null;
        }
      }
    })();
    inFlight = request;
    return request;
  },

  refresh() {
    return inFlight ?? get().load();
  },

  async loadCount() {
    const session = generation;
    const current = ++countGeneration;
    const { count } = await api.call(endpoints.cartCount);
    // A reset (logout) or a newer count won meanwhile.
    if (session === generation && current === countGeneration) set({ count });
  },

  async add(request, onLogin) {
    // SPEC §4: adding needs a login; without one the login dialog opens with the warning 请先登录.
    // Issue 12: the add is not lost: it continues after the login (or registration).
    if (!useUserStore.getState().token) {
      useUiStore.getState().requireLogin(onLogin ?? (() => get().add(request)));
      message.warning(fixedT(currentLocale())('cart.loginFirst'));
      return { outcome: 'login' };
    }

    // Matching needs the lines: load them first if they are not there yet.
    if (!get().loaded) await get().refresh();
    const plan = planCartAdd(get().items, request);
    try {
      if (plan.kind === 'update') {
        const data = await api.call(endpoints.cartUpdate, { id: plan.id, num: plan.num });
        set({ count: data.count });
        await reloadWithCount();
        useUiStore.getState().openCartPanel();
        return { outcome: 'updated', ids: [plan.id] };
      }
      const data = await api.call(endpoints.cartAdd, { items: [plan.item], is_buy_now: 0 });
      set({ count: data.count });
      message.success(fixedT(currentLocale())('cart.added'));
      await reloadWithCount();
      useUiStore.getState().openCartPanel();
      return { outcome: 'added', ids: data.ids };
    } catch (error) {
      reloadAfter(error);
      throw error;
    }
  },

  async update(id, num) {
    try {
      const data = await api.call(endpoints.cartUpdate, { id, num });
      set({ count: data.count });
    } catch (error) {
      reloadAfter(error);
      throw error;
    }
    await reloadWithCount();
  },

  async remove(id) {
    try {
      await api.call(endpoints.cartRemove, { id });
    } catch (error) {
      reloadAfter(error);
      throw error;
    }
    await reloadWithCount();
  },

  reset() {
    generation++;
    countGeneration++;
    inFlight = null;
    set({ ...EMPTY });
  },
}));

// SPEC §4: the cart follows the session, cleared on logout. A login (and every page opened with a
// token) asks only for the badge's count (SPEC §7 cart/count); the lines are loaded where they are
// shown or needed (the cart page, the panel after an add, an add's matching; decision 061).
onSession((event) => {
  if (event === 'login') void useCartStore.getState().loadCount().catch(ignore);
  else useCartStore.getState().reset();
});

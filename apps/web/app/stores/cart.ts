import { create } from 'zustand';
import { api } from '../lib/api';
import { normaliseCartResponse, type CartItem } from '../lib/cart-data';

// SPEC §3 "Cart". Add/update/remove (SPEC §4 "Cart add") belong to the cart issue.
export interface CartState {
  items: CartItem[];
  count: number;
  total_pay_price: string;
  loading: boolean;
  loaded: boolean;
  load(): Promise<void>;
  reset(): void;
}

const EMPTY = { items: [] as CartItem[], count: 0, total_pay_price: '0.00', loading: false, loaded: false };

let generation = 0;

export const useCartStore = create<CartState>()((set) => ({
  ...EMPTY,
  async load() {
    const current = ++generation;
    set({ loading: true });
    try {
      const body = await api.request<unknown>('GET', '/api/front/goods/cart/show');
      if (current !== generation) return; // a reset or a newer load won
      set({ ...normaliseCartResponse(body), loaded: true });
    } finally {
      if (current === generation) set({ loading: false });
    }
  },
  reset() {
    generation++;
    set({ ...EMPTY });
  },
}));

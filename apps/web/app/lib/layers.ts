import { Z_INDEX_BASE } from '@shop/domain/constants';

// SPEC §9 "Base layering value: 2000": overlays stack upwards from it in this order.
export const LAYER = {
  dialog: Z_INDEX_BASE,
  panel: Z_INDEX_BASE + 10,
  toast: Z_INDEX_BASE + 20,
} as const;

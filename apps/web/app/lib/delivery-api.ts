// The order detail read again while a delivery is watched (lib/delivery.ts), through the quiet
// client: a failed check is made again later without a pop-up every few seconds.
import type { Order } from './order';
import { quietApi } from './quiet-api';

export const deliveryApi = {
  /** GET /api/front/order/detail (quiet). */
  detail(oid: string, signal?: AbortSignal): Promise<Order> {
    return quietApi.get<Order>('/api/front/order/detail', { oid }, { signal });
  },
};

// The order detail read again while a delivery is watched (lib/delivery.ts), through the shared
// client without a pop-up: a failed check is made again later, without a pop-up every few seconds
// (decision 061).
import { endpoints } from '@shop/contract/endpoints';
import { api } from '../../lib/api';

export const deliveryApi = {
  detail(oid: string, signal?: AbortSignal) {
    return api.call(endpoints.orderDetail, { oid }, { signal, quiet: true });
  },
};

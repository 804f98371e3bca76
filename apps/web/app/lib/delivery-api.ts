// The order detail read again while a delivery is watched (lib/delivery.ts), through the quiet
// client: a failed check is made again later without a pop-up every few seconds.
import { endpoints } from '@shop/contract/endpoints';
import { quietApi } from './quiet-api';

export const deliveryApi = {
  detail(oid: string, signal?: AbortSignal) {
    return quietApi.call(endpoints.orderDetail, { oid }, { signal });
  },
};

import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';

// The types an order's page and its parts share (issue 15).

export type Detail = EndpointData<typeof adminEndpoints.orderDetail>;
export type Item = Detail['items'][number];

/** The dialog open on an order's page. */
export type Dialog =
  | { kind: 'deliver'; item: Item }
  | { kind: 'settle'; item: Item }
  | { kind: 'retry'; item: Item }
  | { kind: 'cancel' }
  | { kind: 'refund' }
  | null;

/** An item's goods name and spec in the shown language. */
export function itemNames(en: boolean) {
  return {
    nameOf: (i: Item) => `${(en ? i.goods_name_en : i.goods_name_zh) || i.goods_name_zh}`,
    specOf: (i: Item) => (en ? i.spec_en : i.spec_zh) || i.spec_zh,
  };
}

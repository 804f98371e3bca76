// The address calls of issue 12 through the shared client (SPEC §7): every failure has already
// shown its pop-up (SPEC §8) when these reject. Browser only: they need the stored token.
import { endpoints } from '@shop/contract/endpoints';
import { currentLocale } from '../../i18n/instance';
import { api } from '../../lib/api';
import { ADDRESS_MAX, type AddressInput, type Region } from './address';

/** Region lists by language: the same for every buyer and every form, so asked once per visit. */
const regionCache = new Map<string, Promise<Region[]>>();

export const addressApi = {
  /** The whole book (it holds at most ADDRESS_MAX), the default first. */
  list() {
    return api.call(endpoints.addressList, { page: 1, limit: ADDRESS_MAX });
  },

  create(input: AddressInput) {
    return api.call(endpoints.addressCreate, input);
  },

  update(id: number, input: AddressInput) {
    return api.call(endpoints.addressUpdate, { ...input, id });
  },

  remove(id: number) {
    return api.call(endpoints.addressRemove, { id });
  },

  makeDefault(id: number) {
    return api.call(endpoints.addressDefault, { id });
  },

  /** Puts a copy of one of the buyer's addresses on their unpaid order. */
  shipOrderTo(oid: string, addressId: number) {
    return api.call(endpoints.orderAddress, { oid, address_id: addressId });
  },

  /** SPEC §7, in the shown language; a failure is asked again next time. */
  regions(): Promise<Region[]> {
    const locale = currentLocale();
    let pending = regionCache.get(locale);
    if (!pending) {
      pending = api.call(endpoints.regionList);
      regionCache.set(locale, pending);
      pending.catch(() => regionCache.delete(locale));
    }
    return pending;
  },
};

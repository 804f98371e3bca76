import {
  ADDRESS_DETAIL_MAX_LENGTH,
  ADDRESS_DETAIL_MIN_LENGTH,
  ADDRESS_MAX,
  ADDRESS_PHONE_MAX_LENGTH,
  MAINLAND_MOBILE,
  normalizeMobile,
  RECIPIENT_MAX_LENGTH,
} from '@shop/domain/address';
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { REASON, text } from './text.ts';

// The buyer's address book and the address copied onto an order of goods that ship (issue 12,
// decision 030): /api/front/address/list · /create · /update · /remove · /default. The body of
// /api/front/order/address is in order.ts, beside the order that shows the copy. Regions are the
// ids of /api/front/region/list; the server takes their names from there and checks that the
// district lies in the city and the city in the province.

export { ADDRESS_MAX };

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A region id of /region/list. */
const region = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Stored without spaces, dashes or +86 (addresses.phone: varchar(20)). */
export const addressPhone = text({ min: 1, max: ADDRESS_PHONE_MAX_LENGTH })
  .transform(normalizeMobile)
  .pipe(z.string().regex(MAINLAND_MOBILE, REASON.mainlandMobile))
  .describe('A mainland China mobile number; spaces, dashes and +86 are taken off');

const addressFields = z.object({
  recipient: text({ min: 1, max: RECIPIENT_MAX_LENGTH }).describe('Who receives the parcel'),
  phone: addressPhone,
  province_id: region,
  city_id: region,
  district_id: region,
  detail: text({ min: ADDRESS_DETAIL_MIN_LENGTH, max: ADDRESS_DETAIL_MAX_LENGTH }).describe(
    'Street, building, unit and room',
  ),
  is_default: z.boolean().optional().describe('Make it the default (the first address always is)'),
});

export const addressListQuery = pageQuery;
export const createAddressBody = addressFields.strict();
export const updateAddressBody = addressFields.extend({ id }).strict();
export const addressIdBody = z.object({ id }).strict();

export const address = z
  .object({
    id: z.number().int(),
    recipient: z.string(),
    phone: z.string(),
    province_id: z.number().int(),
    province: z.string().describe('In the request language'),
    city_id: z.number().int(),
    city: z.string(),
    district_id: z.number().int(),
    district: z.string(),
    detail: z.string(),
    is_default: z.boolean(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof address>;
export const addressPage = pageOf(address).describe(
  `The default first, then the newest; a buyer keeps at most ${ADDRESS_MAX}`,
);

/** The copy on an order: what the parcel is labelled with, whatever the book says later. */
export const orderAddress = z
  .object({
    recipient: z.string(),
    phone: z.string(),
    province: z.string().describe('In the request language'),
    city: z.string(),
    district: z.string(),
    detail: z.string(),
  })
  .meta({ id: 'OrderAddress' });
export type OrderAddress = z.infer<typeof orderAddress>;

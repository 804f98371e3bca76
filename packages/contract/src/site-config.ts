import { z } from 'zod';

export { PAYMENT_SWITCHES, type PaymentSwitch } from '@shop/domain/payment';

const flag = z.number().int().min(0).max(1);

/** GET /api/front/app/config → data. Fields of SPEC §3. */
export const siteConfig = z
  .object({
    new_logo_url: z.string().describe('Logo image URL'),
    copyright: z.string(),
    icp: z.string().describe('ICP licence number shown in the footer'),
    customer_qrcode: z.string().describe('Customer-service QR code image URL'),
    work_time: z.string().describe('Customer-service working hours'),
    sms: flag.describe('1 when SMS verification codes can be sent'),
    game_website_url: z.string(),
    balance_alipay_switch: flag,
    balance_wechat_switch: flag,
    order_alipay_switch: flag,
    order_balance_switch: flag,
    order_wechat_switch: flag,
    currency: z.enum(['CNY', 'USD']).describe('Currency of this request'),
    currency_symbol: z.string().describe('Symbol of that currency; ¥ by default'),
  })
  .meta({ id: 'SiteConfig' });
export type SiteConfig = z.infer<typeof siteConfig>;

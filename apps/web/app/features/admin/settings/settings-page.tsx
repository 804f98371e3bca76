import { type ReactNode, useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import {
  EXCHANGE_RATE_BOUNDS,
  EXCHANGE_RATE_PATTERN,
  ORDER_TIMEOUT_BOUNDS,
  RETENTION_CODES_HOURS_BOUNDS,
  RETENTION_DAYS_BOUNDS,
  SITE_TEXT_MAX,
} from '@shop/contract/admin/content.limits';
import type { EndpointData, EndpointInput } from '@shop/contract/endpoint-schemas';
import { convertMinor, formatMinor, parseRate } from '@shop/domain/money';
import type { PaymentSwitch } from '@shop/domain/payment';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { CacheNote } from '../kit/cache-note';
import { hrefError, wholeError } from '../kit/checks';
import { adminActions, useAdminWrite } from '../kit/actions';
import { useSubmit } from '../kit/form-dialog';
import { FormError, TextField, Toggle } from '../kit/form';
import { ImageUpload } from '../kit/image-upload';
import { type AdminT, useAdminT } from '../kit/use-admin-t';
import { isApiError } from '../../../lib/http';
import { message } from '../../../lib/toast';

type Settings = EndpointData<typeof adminEndpoints.settingsGet>;
type Update = EndpointInput<typeof adminEndpoints.settingsUpdate>;

/** The writes of the settings page (its route's clientAction). */
export const settingsActions = adminActions([adminEndpoints.settingsUpdate]);

export const settingsLoader = adminLoader(() => adminQuiet.call(adminEndpoints.settingsGet));

/** A group of settings with its own save: sends only its fields, shows the server's refusal. */
function Group({
  title,
  intro,
  testId,
  save,
  children,
}: {
  title: string;
  intro?: string;
  testId: string;
  save: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useAdminT();
  const { busy, error, submit } = useSubmit(save);
  return (
    <Panel title={title}>
      <form onSubmit={submit} noValidate className="space-y-3" data-testid={testId}>
        {intro ? <p className="text-sm text-stone-600">{intro}</p> : null}
        {children}
        <FormError message={error} />
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function ratePreview(t: AdminT, text: string): string {
  const rate = EXCHANGE_RATE_PATTERN.test(text.trim()) ? parseRate(text) : undefined;
  if (rate === undefined) return t('content.settings.rateHint', EXCHANGE_RATE_BOUNDS);
  return t('content.settings.ratePreview', { usd: formatMinor(convertMinor(10_000, rate), 'USD') });
}

function rateError(t: AdminT, text: string): string | undefined {
  const label = t('content.settings.rate');
  const rate = EXCHANGE_RATE_PATTERN.test(text.trim()) ? parseRate(text) : undefined;
  if (rate === undefined) return t('content.settings.rateFormat', { field: label });
  const min = parseRate(EXCHANGE_RATE_BOUNDS.min)!;
  const max = parseRate(EXCHANGE_RATE_BOUNDS.max)!;
  return rate < min || rate > max
    ? t('content.common.range', { field: label, ...EXCHANGE_RATE_BOUNDS })
    : undefined;
}

/** The five switches of SPEC §3, orders first, each with its label. */
const SWITCH_LABELS: Record<PaymentSwitch, Parameters<AdminT>[0]> = {
  order_balance_switch: 'content.settings.switches.order_balance_switch',
  order_alipay_switch: 'content.settings.switches.order_alipay_switch',
  order_wechat_switch: 'content.settings.switches.order_wechat_switch',
  balance_alipay_switch: 'content.settings.switches.balance_alipay_switch',
  balance_wechat_switch: 'content.settings.switches.balance_wechat_switch',
};

export function SettingsPage() {
  const { t } = useAdminT();
  const loaded = useLoaderData<typeof settingsLoader>();
  const [current, setCurrent] = useState<Settings>(loaded);
  const write = useAdminWrite();

  const [site, setSite] = useState({
    new_logo_url: loaded.new_logo_url,
    copyright: loaded.copyright,
    icp: loaded.icp,
    customer_qrcode: loaded.customer_qrcode,
    work_time: loaded.work_time,
    game_website_url: loaded.game_website_url,
    sms: loaded.sms === 1,
  });
  const [siteErrors, setSiteErrors] = useState<Record<string, string | undefined>>({});
  const [rate, setRate] = useState(loaded.exchange_rate_usd);
  const [rateProblem, setRateProblem] = useState<string | undefined>();
  const [orders, setOrders] = useState({
    order_timeout_minutes: String(loaded.order_timeout_minutes),
    retention_days: String(loaded.retention_days),
    retention_codes_hours: String(loaded.retention_codes_hours),
  });
  const [orderErrors, setOrderErrors] = useState<Record<string, string | undefined>>({});
  const [switching, setSwitching] = useState<PaymentSwitch | null>(null);

  /** Sends a group; the page then shows what the server says is in effect. */
  async function send(body: Update) {
    const saved = await write.quiet(adminEndpoints.settingsUpdate, body);
    setCurrent(saved);
    message.success(t('common.saved'));
    return saved;
  }

  async function flip(key: PaymentSwitch, on: boolean) {
    setSwitching(key);
    try {
      await send({ [key]: on ? 1 : 0 });
    } catch (e) {
      if (!isApiError(e)) throw e;
      message.error(e.msg);
    } finally {
      setSwitching(null);
    }
  }

  const siteText = (key: 'copyright' | 'icp' | 'work_time', label: string) => (
    <TextField
      label={label}
      value={site[key]}
      maxLength={SITE_TEXT_MAX[key]}
      onChange={(e) => setSite({ ...site, [key]: e.target.value })}
    />
  );
  const orderField = (key: keyof typeof orders, label: string, bounds: { min: number; max: number }) => (
    <TextField
      label={label}
      inputMode="numeric"
      value={orders[key]}
      error={orderErrors[key]}
      hint={t('content.settings.defaultHint', {
        min: bounds.min,
        max: bounds.max,
        value: current.defaults[key],
      })}
      onChange={(e) => setOrders({ ...orders, [key]: e.target.value })}
    />
  );

  return (
    <AdminPage title={t('content.settings.title')} intro={t('content.settings.intro')}>
      <CacheNote seconds={current.cache_ttl_seconds} />
      <div className="grid gap-4 xl:grid-cols-2">
        <Group
          title={t('content.settings.site')}
          testId="settings-site"
          save={async () => {
            const found = {
              new_logo_url: hrefError(t, t('content.settings.logo'), site.new_logo_url, true),
              customer_qrcode: hrefError(t, t('content.settings.qrcode'), site.customer_qrcode, false),
              game_website_url: hrefError(t, t('content.settings.gameSite'), site.game_website_url, false),
            };
            setSiteErrors(found);
            if (Object.values(found).some(Boolean)) return;
            const saved = await send({ ...site, sms: site.sms ? 1 : 0 });
            setSite({ ...site, sms: saved.sms === 1 });
          }}
        >
          <div className="grid gap-3 2xl:grid-cols-2">
            <ImageUpload
              label={t('content.settings.logo')}
              value={site.new_logo_url}
              error={siteErrors.new_logo_url}
              onChange={(new_logo_url) => setSite({ ...site, new_logo_url })}
            />
            <ImageUpload
              label={t('content.settings.qrcode')}
              value={site.customer_qrcode}
              error={siteErrors.customer_qrcode}
              onChange={(customer_qrcode) => setSite({ ...site, customer_qrcode })}
            />
          </div>
          {siteText('copyright', t('content.settings.copyright'))}
          <div className="grid gap-3 sm:grid-cols-2">
            {siteText('icp', t('content.settings.icp'))}
            {siteText('work_time', t('content.settings.workTime'))}
          </div>
          <TextField
            label={t('content.settings.gameSite')}
            hint={t('content.common.hrefHint')}
            value={site.game_website_url}
            maxLength={SITE_TEXT_MAX.game_website_url}
            error={siteErrors.game_website_url}
            onChange={(e) => setSite({ ...site, game_website_url: e.target.value })}
          />
          <Toggle
            label={t('content.settings.sms')}
            checked={site.sms}
            onChange={(sms) => setSite({ ...site, sms })}
          />
        </Group>

        <div className="space-y-4">
          <Panel title={t('content.settings.payments')}>
            <p className="mb-3 text-sm text-stone-600">{t('content.settings.paymentsIntro')}</p>
            <ul className="space-y-2.5" data-testid="settings-payments">
              {(Object.keys(SWITCH_LABELS) as PaymentSwitch[]).map((key) => (
                <li key={key} className="flex items-center justify-between gap-3">
                  <span className="text-sm text-stone-800">{t(SWITCH_LABELS[key])}</span>
                  <Toggle
                    label={t(SWITCH_LABELS[key])}
                    showLabel={false}
                    checked={current[key] === 1}
                    disabled={switching !== null}
                    onChange={(on) => void flip(key, on)}
                  />
                </li>
              ))}
            </ul>
          </Panel>

          <Group
            title={t('content.settings.money')}
            intro={t('content.settings.moneyIntro')}
            testId="settings-money"
            save={async () => {
              const problem = rateError(t, rate);
              setRateProblem(problem);
              if (problem) return;
              const saved = await send({ exchange_rate_usd: rate.trim() });
              setRate(saved.exchange_rate_usd);
            }}
          >
            <TextField
              label={t('content.settings.rate')}
              inputMode="decimal"
              value={rate}
              maxLength={16}
              error={rateProblem}
              hint={ratePreview(t, rate)}
              onChange={(e) => setRate(e.target.value)}
            />
          </Group>

          <Group
            title={t('content.settings.orders')}
            testId="settings-orders"
            save={async () => {
              const found = {
                order_timeout_minutes: wholeError(
                  t,
                  t('content.settings.timeout'),
                  orders.order_timeout_minutes,
                  ORDER_TIMEOUT_BOUNDS,
                ),
                retention_days: wholeError(
                  t,
                  t('content.settings.retentionDays'),
                  orders.retention_days,
                  RETENTION_DAYS_BOUNDS,
                ),
                retention_codes_hours: wholeError(
                  t,
                  t('content.settings.retentionCodes'),
                  orders.retention_codes_hours,
                  RETENTION_CODES_HOURS_BOUNDS,
                ),
              };
              setOrderErrors(found);
              if (Object.values(found).some(Boolean)) return;
              await send({
                order_timeout_minutes: Number(orders.order_timeout_minutes),
                retention_days: Number(orders.retention_days),
                retention_codes_hours: Number(orders.retention_codes_hours),
              });
            }}
          >
            {orderField('order_timeout_minutes', t('content.settings.timeout'), ORDER_TIMEOUT_BOUNDS)}
            <p className="text-xs text-stone-500">{t('content.settings.timeoutNote')}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              {orderField('retention_days', t('content.settings.retentionDays'), RETENTION_DAYS_BOUNDS)}
              {orderField(
                'retention_codes_hours',
                t('content.settings.retentionCodes'),
                RETENTION_CODES_HOURS_BOUNDS,
              )}
            </div>
            <p className="text-xs text-stone-500">{t('content.settings.retentionNote')}</p>
          </Group>
        </div>
      </div>
      <AuditTrail objectType="settings" />
    </AdminPage>
  );
}

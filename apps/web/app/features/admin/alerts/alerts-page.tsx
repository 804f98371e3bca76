import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { mayAccess } from '@shop/domain/admin';
import {
  ALERT_CHANNELS,
  ALERT_DELIVERY_STATUSES,
  OPERATOR_ALERT_CHANNELS,
} from '@shop/contract/admin/alerts.endpoints';
import type { AlertDelivery } from '@shop/contract/admin/alerts.schemas';
import { isApiError } from '../../../lib/http';
import { message } from '../../../lib/toast';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf, useAdminMe } from '../kit/admin-loader';
import { adminActions, useAdminWrite } from '../kit/actions';
import { Panel } from '../kit/admin-page';
import { TimeCell } from '../kit/cells';
import type { Column } from '../kit/data-table';
import { FormError, TextField } from '../kit/form';
import { FilterSelect, ResetFilters } from '../kit/list-filters';
import { ListPage } from '../kit/list-page';
import { formatTime, viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CHAT_PATTERN, DeliveryStatusBadge, lastAnswer } from './parts';

// Issue 32 (decision 076): an operator's own alerts. Above, which events reach them on which
// channel (only the kinds their permissions cover) and their Telegram chat; below, the delivery
// log — their own, or with `settings` everyone's and the webhooks' — with a resend button.

const FILTERS = ['all', 'status', 'channel'] as const;

export const alertsLoader = adminLoader(async ({ request }) => {
  const [mine, log] = await Promise.all([
    adminQuiet.call(adminEndpoints.alertSubscriptions),
    adminQuiet.call(adminEndpoints.alertDeliveries, queryOf(request, FILTERS)),
  ]);
  return { mine, log };
});
export const alertsActions = adminActions([
  adminEndpoints.alertSubscriptionsSet,
  adminEndpoints.alertDeliveryResend,
]);

type Mine = Awaited<ReturnType<typeof alertsLoader>>['mine'];

function Subscriptions({ mine }: { mine: Mine }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [chosen, setChosen] = useState(
    () => new Set(mine.subscriptions.map((s) => `${s.kind}:${s.channel}`)),
  );
  const [chat, setChat] = useState(mine.telegram_chat_id);
  const [chatError, setChatError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const toggle = (key: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const wantsTelegram = [...chosen].some((k) => k.endsWith(':telegram'));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = chat.trim();
    const badChat = !CHAT_PATTERN.test(trimmed)
      ? t('alerts.mine.chatFormat')
      : wantsTelegram && !trimmed
        ? t('alerts.mine.chatNeeded')
        : undefined;
    setChatError(badChat);
    if (badChat) return;
    setBusy(true);
    setError('');
    try {
      await write.quiet(adminEndpoints.alertSubscriptionsSet, {
        subscriptions: mine.kinds.flatMap((kind) =>
          OPERATOR_ALERT_CHANNELS.filter((c) => chosen.has(`${kind}:${c}`)).map((channel) => ({
            kind,
            channel,
          })),
        ),
        telegram_chat_id: trimmed,
      });
      message.success(t('alerts.mine.saved'));
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.msg);
    } finally {
      setBusy(false);
    }
  }

  if (mine.kinds.length === 0)
    return (
      <Panel title={t('alerts.mine.title')}>
        <p className="text-sm text-stone-600">{t('alerts.mine.none')}</p>
      </Panel>
    );
  return (
    <Panel title={t('alerts.mine.title')}>
      <form onSubmit={(e) => void save(e)} noValidate className="space-y-4" data-testid="alert-subscriptions">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('alerts.mine.title')}</caption>
          <thead>
            <tr className="text-left text-stone-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('alerts.mine.event')}
              </th>
              {OPERATOR_ALERT_CHANNELS.map((c) => (
                <th key={c} scope="col" className="w-20 py-1 text-center font-medium">
                  {t(`alerts.channel.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {mine.kinds.map((kind) => (
              <tr key={kind} className="border-t border-stone-100">
                <th scope="row" className="py-2 pr-2 text-left font-normal text-stone-800">
                  {t(`alerts.kind.${kind}`)}
                </th>
                {OPERATOR_ALERT_CHANNELS.map((c) => (
                  <td key={c} className="py-2 text-center">
                    <input
                      type="checkbox"
                      className="size-4"
                      aria-label={`${t(`alerts.kind.${kind}`)} · ${t(`alerts.channel.${c}`)}`}
                      data-testid={`sub-${kind}-${c}`}
                      checked={chosen.has(`${kind}:${c}`)}
                      onChange={() => toggle(`${kind}:${c}`)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-xs text-stone-600">{t('alerts.mine.mailTo', { email: mine.email })}</p>
        <TextField
          label={t('alerts.mine.chat')}
          hint={
            mine.telegram_sandbox
              ? `${t('alerts.mine.chatHint')} ${t('alerts.mine.sandbox')}`
              : mine.telegram_ready
                ? t('alerts.mine.chatHint')
                : `${t('alerts.mine.chatHint')} ${t('alerts.mine.notReady')}`
          }
          error={chatError}
          value={chat}
          maxLength={64}
          inputMode="text"
          onChange={(e) => setChat(e.target.value)}
        />
        <FormError message={error} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t('common.saving') : t('alerts.mine.save')}
        </button>
      </form>
    </Panel>
  );
}

export function Alerts() {
  const { t, locale } = useAdminT();
  const { mine, log } = useLoaderData<typeof alertsLoader>();
  const me = useAdminMe();
  const list = useListParams();
  const write = useAdminWrite();
  const [resending, setResending] = useState<number | null>(null);
  const settings = mayAccess(me, 'settings');

  async function resend(d: AlertDelivery) {
    setResending(d.id);
    try {
      await write.call(adminEndpoints.alertDeliveryResend, { id: d.id });
      message.success(t('alerts.log.resent'));
    } catch {
      // the shared client showed why
    } finally {
      setResending(null);
    }
  }

  const columns: Column<AlertDelivery>[] = [
    {
      key: 'event',
      header: t('alerts.log.col.event'),
      cell: (d) => (
        <span className="block max-w-72">
          <span className="block font-medium text-stone-900">{d.title}</span>
          <span className="block text-xs text-stone-600">{t(`alerts.kind.${d.kind}`)}</span>
        </span>
      ),
    },
    { key: 'channel', header: t('alerts.log.col.channel'), cell: (d) => t(`alerts.channel.${d.channel}`) },
    {
      key: 'to',
      header: t('alerts.log.col.to'),
      cell: (d) => <span className="block max-w-48 truncate break-all">{d.recipient}</span>,
    },
    {
      key: 'status',
      header: t('alerts.log.col.status'),
      cell: (d) => (
        <span className="block">
          <DeliveryStatusBadge status={d.status} />
          {d.status === 'queued' && d.next_at ? (
            <span className="mt-0.5 block text-xs text-stone-600">
              {t('alerts.log.next', { time: formatTime(d.next_at, locale) })}
            </span>
          ) : null}
        </span>
      ),
    },
    { key: 'attempts', header: t('alerts.log.col.attempts'), align: 'right', cell: (d) => d.attempts },
    {
      key: 'response',
      header: t('alerts.log.col.response'),
      cell: (d) => (
        <span className="block max-w-56 truncate text-xs text-stone-700" title={lastAnswer(d, t)}>
          {lastAnswer(d, t)}
        </span>
      ),
    },
    {
      key: 'time',
      header: t('alerts.log.col.time'),
      cell: (d) => <TimeCell ms={d.created_at} className="text-xs" />,
    },
    {
      key: 'actions',
      header: t('alerts.log.col.actions'),
      cell: (d) => (
        <button
          type="button"
          className="btn-ghost h-8 px-2 text-sm text-brand-700"
          disabled={d.status === 'sending' || resending === d.id}
          onClick={() => void resend(d)}
        >
          {t('alerts.log.resend')}
        </button>
      ),
    },
  ];

  return (
    <ListPage
      title={t('alerts.title')}
      intro={t('alerts.intro')}
      note={
        <>
          <Subscriptions key={JSON.stringify(mine)} mine={mine} />
          <h2 className="pt-2 text-base font-semibold text-stone-900">{t('alerts.log.title')}</h2>
        </>
      }
      filters={
        <div className="flex flex-wrap items-center gap-2">
          {settings ? (
            <select
              className="input h-10 w-auto min-w-32"
              aria-label={t('alerts.log.scope')}
              value={list.get('all')}
              onChange={(e) => list.set({ all: e.target.value })}
            >
              <option value="">{t('alerts.log.own')}</option>
              <option value="1">{t('alerts.log.all')}</option>
            </select>
          ) : null}
          <FilterSelect
            list={list}
            name="status"
            label={t('alerts.log.col.status')}
            options={ALERT_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`alerts.status.${s}`) }))}
          />
          <FilterSelect
            list={list}
            name="channel"
            label={t('alerts.log.col.channel')}
            options={ALERT_CHANNELS.map((c) => ({ value: c, label: t(`alerts.channel.${c}`) }))}
          />
          <ResetFilters list={list} names={FILTERS} />
        </div>
      }
      columns={columns}
      rows={log.list}
      total={log.total}
      rowKey={(d) => d.id}
      testId="alert-deliveries"
      footer={<p className="text-xs text-stone-600">{t('common.times', { zone: viewerZone() })}</p>}
    />
  );
}

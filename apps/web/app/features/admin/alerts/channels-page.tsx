import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { ALERT_KINDS, ALERT_LIMITS, type AlertKind } from '@shop/contract/admin/alerts.endpoints';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { message } from '../../../lib/toast';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader } from '../kit/admin-loader';
import { adminActions, useAdminWrite } from '../kit/actions';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { confirmed, confirmRemove } from '../kit/confirm';
import type { Column } from '../kit/data-table';
import { DataTable } from '../kit/data-table';
import { FormError, TextField, Toggle } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { type AdminT, useAdminT } from '../kit/use-admin-t';

// Issue 32 (decisions 076–077): the shop's alert channels (permission `settings`). The bot token
// and the webhook secrets go in and never come out: the page shows whether one is set and its
// last characters, and a new one replaces it. The limits say when a pending top-up or an
// unanswered ticket becomes an alert.

export const alertChannelsLoader = adminLoader(() => adminQuiet.call(adminEndpoints.alertChannels));
export const alertChannelsActions = adminActions([
  adminEndpoints.alertTelegramSet,
  adminEndpoints.alertLimitsSet,
  adminEndpoints.alertWebhookCreate,
  adminEndpoints.alertWebhookUpdate,
  adminEndpoints.alertWebhookDelete,
]);

type Channels = Awaited<ReturnType<typeof alertChannelsLoader>>;
type Webhook = Channels['webhooks'][number];

const TOKEN_PATTERN = /^\d{3,20}:[A-Za-z0-9_-]{20,80}$/;

function TelegramPanel({ telegram }: { telegram: Channels['telegram'] }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [token, setToken] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { busy, error, submit } = useSubmit(async () => {
    const value = token.trim();
    const bad = TOKEN_PATTERN.test(value) ? undefined : t('alerts.channels.tokenFormat');
    setFieldError(bad);
    if (bad) return;
    await write.quiet(adminEndpoints.alertTelegramSet, { token: value });
    setToken('');
    message.success(t('alerts.channels.tokenSaved'));
  });
  async function remove() {
    if (!confirmed(t('alerts.channels.removeTokenConfirm'))) return;
    try {
      await write.call(adminEndpoints.alertTelegramSet, { token: null });
      message.success(t('alerts.channels.tokenRemoved'));
    } catch {
      // the shared client showed why
    }
  }
  return (
    <Panel title={t('alerts.channels.telegram')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" data-testid="telegram-form">
        <p className="text-sm text-stone-700">
          {telegram.token_set
            ? t('alerts.channels.tokenSet', { masked: telegram.token_masked })
            : t('alerts.channels.tokenNone')}
          {telegram.sandbox ? ` ${t('alerts.channels.sandboxNote')}` : ''}
        </p>
        <TextField
          label={t('alerts.channels.token')}
          hint={t('alerts.channels.tokenHint')}
          error={fieldError}
          type="password"
          autoComplete="off"
          maxLength={100}
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        <FormError message={error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('alerts.channels.saveToken')}
          </button>
          {telegram.token_set ? (
            <button type="button" className="btn-ghost text-red-700" onClick={() => void remove()}>
              {t('alerts.channels.removeToken')}
            </button>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}

const minutesOk = (value: string, bounds: { min: number; max: number }) =>
  /^\d+$/.test(value) && Number(value) >= bounds.min && Number(value) <= bounds.max;

function LimitsPanel({ limits }: { limits: Channels['limits'] }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [topup, setTopup] = useState(String(limits.topup_pending_minutes));
  const [ticket, setTicket] = useState(String(limits.ticket_unanswered_minutes));
  const [errors, setErrors] = useState<{ topup?: string; ticket?: string }>({});
  const check = (bounds: { min: number; max: number }) => t('alerts.channels.check.minutes', bounds);
  const { busy, error, submit } = useSubmit(async () => {
    const found = {
      ...(minutesOk(topup, ALERT_LIMITS.topup_pending_minutes)
        ? {}
        : { topup: check(ALERT_LIMITS.topup_pending_minutes) }),
      ...(minutesOk(ticket, ALERT_LIMITS.ticket_unanswered_minutes)
        ? {}
        : { ticket: check(ALERT_LIMITS.ticket_unanswered_minutes) }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    await write.quiet(adminEndpoints.alertLimitsSet, {
      topup_pending_minutes: Number(topup),
      ticket_unanswered_minutes: Number(ticket),
    });
    message.success(t('alerts.channels.limitsSaved'));
  });
  return (
    <Panel title={t('alerts.channels.limits')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('alerts.channels.topupMinutes')}
            hint={t('alerts.channels.limitsHint', ALERT_LIMITS.topup_pending_minutes)}
            inputMode="numeric"
            error={errors.topup}
            value={topup}
            onChange={(e) => setTopup(e.target.value)}
          />
          <TextField
            label={t('alerts.channels.ticketMinutes')}
            hint={t('alerts.channels.limitsHint', ALERT_LIMITS.ticket_unanswered_minutes)}
            inputMode="numeric"
            error={errors.ticket}
            value={ticket}
            onChange={(e) => setTicket(e.target.value)}
          />
        </div>
        <FormError message={error} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t('common.saving') : t('alerts.channels.saveLimits')}
        </button>
      </form>
    </Panel>
  );
}

type Draft = { name: string; url: string; secret: string; kinds: AlertKind[]; enabled: boolean };

function draftErrors(d: Draft, editing: Webhook | null, t: AdminT) {
  const secret = d.secret.trim();
  return {
    ...(d.name.trim() ? {} : { name: t('alerts.channels.check.name') }),
    ...(/^https?:\/\/\S+$/.test(d.url.trim()) ? {} : { url: t('alerts.channels.check.url') }),
    ...((editing && secret === '') || (secret.length >= 16 && secret.length <= 200)
      ? {}
      : { secret: t('alerts.channels.check.secret') }),
    ...(d.kinds.length ? {} : { kinds: t('alerts.channels.check.kinds') }),
  };
}

function WebhookDialog({ editing, onClose }: { editing: Webhook | null; onClose: () => void }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [draft, setDraft] = useState<Draft>(() => ({
    name: editing?.name ?? '',
    url: editing?.url ?? '',
    secret: '',
    kinds: editing?.kinds ?? [],
    enabled: editing ? editing.enabled === 1 : true,
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const { busy, error, submit } = useSubmit(async () => {
    const found = draftErrors(draft, editing, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    const common = {
      name: draft.name.trim(),
      url: draft.url.trim(),
      kinds: draft.kinds,
      enabled: draft.enabled ? (1 as const) : (0 as const),
    };
    const secret = draft.secret.trim();
    if (editing)
      await write.quiet(adminEndpoints.alertWebhookUpdate, {
        id: editing.id,
        ...common,
        ...(secret ? { secret } : {}),
      });
    else await write.quiet(adminEndpoints.alertWebhookCreate, { ...common, secret });
    message.success(t('alerts.channels.saved'));
    onClose();
  });
  return (
    <FormDialog
      title={t(editing ? 'alerts.channels.editWebhook' : 'alerts.channels.newWebhook')}
      testId="webhook-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('alerts.channels.name')}
        maxLength={100}
        error={errors.name}
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <TextField
        label={t('alerts.channels.url')}
        maxLength={500}
        inputMode="url"
        error={errors.url}
        value={draft.url}
        onChange={(e) => set({ url: e.target.value })}
      />
      <TextField
        label={t('alerts.channels.secret')}
        hint={
          editing
            ? t('alerts.channels.secretKeep', { last4: editing.secret_last4 })
            : t('alerts.channels.secretHint')
        }
        type="password"
        autoComplete="off"
        maxLength={200}
        error={errors.secret}
        value={draft.secret}
        onChange={(e) => set({ secret: e.target.value })}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-stone-800">{t('alerts.channels.kinds')}</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {ALERT_KINDS.map((k) => (
            <label key={k} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={draft.kinds.includes(k)}
                onChange={() =>
                  set({
                    kinds: draft.kinds.includes(k) ? draft.kinds.filter((x) => x !== k) : [...draft.kinds, k],
                  })
                }
              />
              {t(`alerts.kind.${k}`)}
            </label>
          ))}
        </div>
        {errors.kinds ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errors.kinds}
          </p>
        ) : null}
      </fieldset>
      <Toggle
        label={t('alerts.channels.enabled')}
        checked={draft.enabled}
        onChange={(enabled) => set({ enabled })}
      />
    </FormDialog>
  );
}

export function AlertChannels() {
  const { t } = useAdminT();
  const channels = useLoaderData<typeof alertChannelsLoader>();
  const write = useAdminWrite();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);

  const columns: Column<Webhook>[] = [
    {
      key: 'name',
      header: t('alerts.channels.col.name'),
      cell: (w) => <span className="font-medium">{w.name}</span>,
    },
    {
      key: 'url',
      header: t('alerts.channels.col.url'),
      cell: (w) => <span className="block max-w-56 truncate break-all font-mono text-xs">{w.url}</span>,
    },
    {
      key: 'secret',
      header: t('alerts.channels.col.secret'),
      cell: (w) => (
        <span className="font-mono">{t('alerts.channels.secretShown', { last4: w.secret_last4 })}</span>
      ),
    },
    {
      key: 'kinds',
      header: t('alerts.channels.col.kinds'),
      cell: (w) => (
        <span className="block max-w-64 text-xs">{w.kinds.map((k) => t(`alerts.kind.${k}`)).join('、')}</span>
      ),
    },
    {
      key: 'enabled',
      header: t('alerts.channels.col.enabled'),
      cell: (w) => (w.enabled ? t('alerts.channels.on') : t('alerts.channels.off')),
    },
    {
      key: 'actions',
      header: t('alerts.channels.col.actions'),
      cell: (w) => (
        <span className="flex gap-1 whitespace-nowrap">
          <button type="button" className="btn-ghost h-8 px-2 text-sm" onClick={() => setEditing(w)}>
            {t('alerts.channels.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost h-8 px-2 text-sm text-red-700"
            onClick={() =>
              void confirmRemove(t, w.name, () => write.call(adminEndpoints.alertWebhookDelete, { id: w.id }))
            }
          >
            {t('alerts.channels.remove')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <AdminPage title={t('alerts.channels.title')} intro={t('alerts.channels.intro')}>
      <TelegramPanel key={channels.telegram.token_masked} telegram={channels.telegram} />
      <LimitsPanel key={JSON.stringify(channels.limits)} limits={channels.limits} />
      <Panel
        title={t('alerts.channels.webhooks')}
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
            {t('alerts.channels.newWebhook')}
          </button>
        }
      >
        <p className="mb-3 text-xs break-words text-stone-600">{t('alerts.channels.webhooksIntro')}</p>
        <DataTable
          columns={columns}
          rows={channels.webhooks}
          total={channels.webhooks.length}
          rowKey={(w) => w.id}
          caption={t('alerts.channels.webhooks')}
          testId="webhooks-table"
        />
      </Panel>
      <AuditTrail objectType="webhook" />
      {editing ? (
        <WebhookDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </AdminPage>
  );
}

import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { CHANNEL_GROUPS, type ChannelGroup } from '@shop/contract/admin/channels.endpoints';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { isApiError } from '../../../lib/http';
import { message } from '../../../lib/toast';
import { adminActions, useAdminWrite } from '../kit/actions';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { confirmed } from '../kit/confirm';
import { useSubmit } from '../kit/form-dialog';
import { FormError, TextAreaField, TextField, Toggle } from '../kit/form';
import { type AdminKey, useAdminT } from '../kit/use-admin-t';

// Payment channels, SMTP and the SMS webhook (issue 32, decision 082): each group with its save
// and its test. A secret is never read back: the field is empty, the stored value's last four
// characters are shown under it, and an empty field keeps it. A field the environment sets says
// which variable, and is not editable here.

type Channels = EndpointData<typeof adminEndpoints.channelsGet>;
type Group = Channels['groups'][number];
type Field = Group['fields'][number];
type TestResult = EndpointData<typeof adminEndpoints.channelsTest>;

const UPDATE = {
  alipay: adminEndpoints.channelsAlipay,
  wechat: adminEndpoints.channelsWechat,
  smtp: adminEndpoints.channelsSmtp,
  sms: adminEndpoints.channelsSms,
} as const;

export const channelsActions = adminActions(Object.values(UPDATE));

export const channelsLoader = adminLoader(() => adminQuiet.call(adminEndpoints.channelsGet));

type Draft = Record<string, string | boolean>;

/** The form's starting values: what is in effect, secrets empty. */
function draftOf(group: Group): Draft {
  const draft: Draft = {};
  for (const f of group.fields) {
    if (f.env) continue;
    draft[f.key] = f.type === 'switch' ? f.value === '1' : f.secret ? '' : (f.value ?? '');
  }
  return draft;
}

/** The body of a group's save: the fields not set by the environment; a port as a number. */
function bodyOf(group: Group, draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of group.fields) {
    if (f.env || !(f.key in draft)) continue;
    const v = draft[f.key]!;
    if (f.type === 'port') body[f.key] = v === '' ? null : Number(v);
    else body[f.key] = v;
  }
  return body;
}

function FieldInput({
  group,
  field,
  value,
  mayChangeSecrets,
  onChange,
}: {
  group: ChannelGroup;
  field: Field;
  value: string | boolean | undefined;
  mayChangeSecrets: boolean;
  onChange: (v: string | boolean) => void;
}) {
  const { t } = useAdminT();
  // The SMS gateway's `url` is its webhook's; SMTP's `url` is the smtp:// form of its settings.
  const key = group === 'sms' && field.key === 'url' ? 'sms_url' : field.key;
  const label = t(`channels.channels.fields.${key}` as AdminKey);
  const testId = `channel-${group}-${field.key}`;
  if (field.env)
    return (
      <div className="text-sm" data-testid={testId}>
        <p className="font-medium text-stone-800">{label}</p>
        <p className="text-stone-600">{t('channels.channels.env', { name: field.env })}</p>
      </div>
    );
  if (field.type === 'switch')
    return <Toggle label={label} checked={value === true} onChange={(on) => onChange(on)} />;
  const locked = field.secret && !mayChangeSecrets;
  const hint = field.secret
    ? [
        field.masked
          ? t('channels.channels.stored', { masked: field.masked })
          : t('channels.channels.notStored'),
        locked ? t('channels.channels.ownerOnly') : '',
      ]
        .filter(Boolean)
        .join(' ')
    : undefined;
  const common = {
    label,
    hint,
    value: String(value ?? ''),
    disabled: locked,
    'data-testid': testId,
  };
  if (field.type === 'key')
    return (
      <TextAreaField
        {...common}
        spellCheck={false}
        maxLength={8000}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <TextField
      {...common}
      type={field.secret ? 'password' : 'text'}
      autoComplete={field.secret ? 'new-password' : 'off'}
      inputMode={field.type === 'port' ? 'numeric' : undefined}
      maxLength={field.type === 'port' ? 5 : 500}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function GroupPanel({ group, mayChangeSecrets }: { group: Group; mayChangeSecrets: boolean }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [draft, setDraft] = useState<Draft>(() => draftOf(group));
  const [to, setTo] = useState('');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  const name = t(`channels.channels.groups.${group.group}`);
  const { busy, error, submit } = useSubmit(async () => {
    const saved = await write.quiet(UPDATE[group.group], bodyOf(group, draft) as never);
    const now = saved.groups.find((g) => g.group === group.group)!;
    setDraft(draftOf(now));
    message.success(t('common.saved'));
  });

  async function test() {
    setTesting(true);
    setResult(null);
    try {
      setResult(
        await adminQuiet.call(adminEndpoints.channelsTest, {
          group: group.group,
          ...(group.group === 'smtp' && to.trim() ? { to: to.trim() } : {}),
        }),
      );
    } catch (e) {
      if (!isApiError(e)) throw e;
      setResult({ ok: false, detail: e.msg });
    } finally {
      setTesting(false);
    }
  }

  async function clearSecrets() {
    if (!confirmed(t('channels.channels.clearConfirm', { name }))) return;
    try {
      await write.quiet(UPDATE[group.group], { clear_secrets: true } as never);
      message.success(t('common.saved'));
    } catch (e) {
      if (!isApiError(e)) throw e;
      message.error(e.msg);
    }
  }

  const editable = group.fields.some((f) => !f.env);
  const storedSecret = group.fields.some((f) => f.secret && !f.env && f.masked);
  return (
    <Panel title={name}>
      <form onSubmit={submit} noValidate className="space-y-3" data-testid={`channel-${group.group}`}>
        <p className="text-sm font-medium text-stone-700" data-testid={`channel-${group.group}-mode`}>
          {t(`channels.channels.mode.${group.mode}`)}
        </p>
        {group.group === 'alipay' || group.group === 'wechat' ? (
          <p className="text-xs text-stone-500">{t('channels.channels.sandboxNote')}</p>
        ) : null}
        {group.group === 'sms' ? (
          <p className="text-xs break-words text-stone-500">{t('channels.channels.smsNote')}</p>
        ) : null}
        {group.fields.map((field) => (
          <FieldInput
            key={field.key}
            group={group.group}
            field={field}
            value={draft[field.key]}
            mayChangeSecrets={mayChangeSecrets}
            onChange={(v) => setDraft({ ...draft, [field.key]: v })}
          />
        ))}
        <FormError message={error} />
        {group.group === 'smtp' ? (
          <TextField
            label={t('channels.channels.testTo')}
            type="email"
            value={to}
            maxLength={200}
            onChange={(e) => setTo(e.target.value)}
            data-testid="channel-smtp-test-to"
          />
        ) : null}
        {result ? (
          <p
            role="status"
            data-testid={`channel-${group.group}-result`}
            className={`rounded-lg border px-3 py-2 text-sm break-words ${result.ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-800'}`}
          >
            <strong>{result.ok ? t('channels.channels.testOk') : t('channels.channels.testFailed')}</strong>
            {' · '}
            {result.detail}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          {storedSecret && mayChangeSecrets ? (
            <button type="button" className="btn-outline" onClick={() => void clearSecrets()}>
              {t('channels.channels.clearSecrets')}
            </button>
          ) : null}
          <button
            type="button"
            className="btn-outline"
            disabled={testing}
            onClick={() => void test()}
            data-testid={`channel-${group.group}-test`}
          >
            {testing ? t('channels.channels.testing') : t('channels.channels.test')}
          </button>
          {editable ? (
            <button
              type="submit"
              className="btn-primary"
              disabled={busy}
              data-testid={`channel-${group.group}-save`}
            >
              {busy ? t('common.saving') : t('common.save')}
            </button>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}

export function ChannelsPage() {
  const { t } = useAdminT();
  const channels = useLoaderData<typeof channelsLoader>();
  return (
    <AdminPage title={t('channels.channels.title')} intro={t('channels.channels.intro')}>
      <div className="grid gap-4 xl:grid-cols-2">
        {CHANNEL_GROUPS.map((name) => {
          const group = channels.groups.find((g) => g.group === name)!;
          // Rebuilt from what the API says is in effect after each save (the key changes).
          const key = `${name}:${group.mode}:${group.fields.map((f) => `${f.value}${f.masked}`).join('|')}`;
          return <GroupPanel key={key} group={group} mayChangeSecrets={channels.may_change_secrets} />;
        })}
      </div>
      <AuditTrail objectType="settings" />
    </AdminPage>
  );
}

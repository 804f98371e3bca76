import { randomBytes } from 'node:crypto';
import {
  CHANNEL_FIELDS,
  type ChannelFieldDef,
  type ChannelGroup,
} from '@shop/contract/admin/channels.endpoints';
import type { AdminChannelGroup, AdminChannels } from '@shop/contract/admin/channels.schemas';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import type { CardCipher } from '../fulfilment/card-cipher.ts';
import type { SmtpSettings } from '../messaging/transports.ts';
import {
  bumpChannelVersion,
  deleteChannelValue,
  lockChannels,
  readChannelRows,
  writeChannelValue,
} from './channels.repository.ts';

// Payment channels, SMTP and the SMS webhook set from the console (issue 32, decision 082). Each
// field is a row `<group>.<field>`; a secret is encrypted with the card keys' cipher and never
// leaves the API again (only its last four characters, behind dots). An environment variable wins:
// a group the environment configures is used as the environment says, whatever is stored.

export type StoredChannels = Map<string, string>;
export type ChannelMode = AdminChannelGroup['mode'];

const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const WECHAT_API_BASE = 'https://api.mch.weixin.qq.com';
const DEFAULT_FROM = 'Pixel Harbor <no-reply@localhost>';

/** The stored values, secrets decrypted (for the process's clients only, never for an answer). */
export async function readStoredChannels(db: Database, cipher: CardCipher): Promise<StoredChannels> {
  const rows = await readChannelRows(db);
  return new Map(rows.map((r) => [r.key, Number(r.secret) ? cipher.decrypt(r.value) : r.value]));
}

/** A key as the payment clients read it: PEM lines, `\n` written out as in the environment. */
const pem = (text: string) => text.replace(/\\n/g, '\n');

export type EffectiveChannels = {
  alipay: Config['alipay'];
  wechat: Config['wechat'];
  smtp: SmtpSettings | undefined;
  smsWebhook: Config['smsWebhook'];
  modes: Record<ChannelGroup, ChannelMode>;
};

/** What the shop runs with: the environment's groups, else the stored values, else the sandbox. */
export function effectiveChannels(config: Config, stored: StoredChannels): EffectiveChannels {
  const get = (group: ChannelGroup, key: string) => stored.get(`${group}.${key}`) ?? '';
  const sandboxOn = (group: 'alipay' | 'wechat') => !config.isProduction && get(group, 'sandbox') !== '0';
  const complete = (group: ChannelGroup, keys: string[]) => keys.every((k) => get(group, k) !== '');

  let alipay = config.alipay;
  let alipayMode: ChannelMode = 'env';
  if (!alipay) {
    if (
      !sandboxOn('alipay') &&
      complete('alipay', ['app_id', 'seller_id', 'private_key', 'alipay_public_key'])
    ) {
      alipay = {
        appId: get('alipay', 'app_id'),
        sellerId: get('alipay', 'seller_id'),
        privateKey: pem(get('alipay', 'private_key')),
        alipayPublicKey: pem(get('alipay', 'alipay_public_key')),
        gateway: get('alipay', 'gateway') || ALIPAY_GATEWAY,
      };
      alipayMode = 'stored';
    } else alipayMode = config.isProduction ? 'off' : 'sandbox';
  }

  const wechatKeys = [
    'mchid',
    'appid',
    'cert_serial',
    'private_key',
    'apiv3_key',
    'platform_public_key',
    'platform_serial',
  ];
  let wechat = config.wechat;
  let wechatMode: ChannelMode = 'env';
  if (!wechat) {
    if (!sandboxOn('wechat') && complete('wechat', wechatKeys)) {
      wechat = {
        mchid: get('wechat', 'mchid'),
        appid: get('wechat', 'appid'),
        certSerial: get('wechat', 'cert_serial'),
        privateKey: pem(get('wechat', 'private_key')),
        apiV3Key: get('wechat', 'apiv3_key'),
        platformPublicKey: pem(get('wechat', 'platform_public_key')),
        platformSerial: get('wechat', 'platform_serial'),
        apiBase: (get('wechat', 'api_base') || WECHAT_API_BASE).replace(/\/+$/, ''),
      };
      wechatMode = 'stored';
    } else wechatMode = config.isProduction ? 'off' : 'sandbox';
  }

  let smtp: SmtpSettings | undefined = config.smtp;
  let smtpMode: ChannelMode = 'env';
  if (!smtp) {
    const from = get('smtp', 'from') || DEFAULT_FROM;
    if (get('smtp', 'url')) smtp = { url: get('smtp', 'url'), from };
    else if (get('smtp', 'host'))
      smtp = {
        host: get('smtp', 'host'),
        port: Number(get('smtp', 'port')) || (get('smtp', 'secure') === '1' ? 465 : 587),
        secure: get('smtp', 'secure') === '1',
        user: get('smtp', 'user'),
        password: get('smtp', 'password'),
        from,
      };
    smtpMode = smtp ? 'stored' : 'off';
  }

  let smsWebhook = config.smsWebhook;
  let smsMode: ChannelMode = 'env';
  if (!smsWebhook) {
    smsWebhook = complete('sms', ['url', 'secret'])
      ? { url: get('sms', 'url'), secret: get('sms', 'secret') }
      : undefined;
    smsMode = smsWebhook ? 'stored' : 'off';
  }

  return {
    alipay,
    wechat,
    smtp,
    smsWebhook,
    modes: { alipay: alipayMode, wechat: wechatMode, smtp: smtpMode, sms: smsMode },
  };
}

/** A secret as the page shows it: its last four characters (of a PEM key: of its body). */
export function maskSecret(value: string): string {
  const body = value.replace(/-----[A-Z ]+-----/g, '').replace(/\s+|\\n/g, '');
  return `••••${body.slice(-4)}`;
}

function fieldView(
  config: Config,
  group: ChannelGroup,
  def: ChannelFieldDef,
  stored: StoredChannels,
  mode: ChannelMode,
): AdminChannelGroup['fields'][number] {
  const value = stored.get(`${group}.${def.key}`) ?? '';
  const env = mode === 'env' && def.env ? def.env : null;
  if (env) {
    // The environment's values are not read back either; the page names the variable.
    return { key: def.key, type: def.type, secret: def.secret, value: null, masked: null, set: true, env };
  }
  // The sandbox switch is on outside production until an operator turns it off.
  const sandboxDefault = def.key === 'sandbox' && value === '' && !config.isProduction;
  return {
    key: def.key,
    type: def.type,
    secret: def.secret,
    value: def.secret ? null : def.type === 'switch' ? (value === '1' || sandboxDefault ? '1' : '0') : value,
    masked: def.secret && value ? maskSecret(value) : null,
    set: value !== '',
    env: null,
  };
}

export function channelsView(config: Config, stored: StoredChannels, owner: boolean): AdminChannels {
  const { modes } = effectiveChannels(config, stored);
  return {
    groups: (Object.keys(CHANNEL_FIELDS) as ChannelGroup[]).map((group) => ({
      group,
      mode: modes[group],
      fields: CHANNEL_FIELDS[group].map((def) => fieldView(config, group, def, stored, modes[group])),
    })),
    may_change_secrets: owner,
    production: config.isProduction,
  };
}

export type GroupInput = Record<string, string | number | boolean | null | undefined> & {
  clear_secrets?: boolean | undefined;
};

/**
 * Writes the fields sent that differ from the stored ones (a secret sent empty is kept) and counts
 * the change, in one transaction with its audit entry: non-secret fields before → after, a secret
 * only as "changed" / "removed". A secret from an operator who is not the owner is refused.
 */
export async function updateChannelGroup(
  db: Database,
  cipher: CardCipher,
  config: Config,
  actor: Actor & { owner: boolean },
  group: ChannelGroup,
  input: GroupInput,
): Promise<void> {
  const defs: readonly ChannelFieldDef[] = CHANNEL_FIELDS[group];
  const clear = input.clear_secrets === true;
  const touchesSecret =
    clear || defs.some((d) => d.secret && typeof input[d.key] === 'string' && input[d.key] !== '');
  if (touchesSecret && !actor.owner) throw new AppError(403, 'channel_secret_owner_only');
  if (group === 'alipay' || group === 'wechat')
    if (input.sandbox === true && config.isProduction) throw new AppError(400, 'channel_sandbox_production');
  await db.transaction().execute(async (trx) => {
    await lockChannels(trx);
    const stored = new Map((await readChannelRows(trx)).map((r) => [r.key, r]));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const now = Date.now();
    for (const def of defs) {
      const key = `${group}.${def.key}`;
      const row = stored.get(key);
      if (def.secret && clear) {
        if (!row) continue;
        await deleteChannelValue(trx, key);
        before[def.key] = SECRET_SET;
        after[def.key] = SECRET_REMOVED;
        continue;
      }
      const sent = input[def.key];
      if (sent === undefined) continue;
      const value = typeof sent === 'boolean' ? (sent ? '1' : '0') : sent === null ? '' : String(sent);
      if (def.secret) {
        if (value === '') continue;
        await writeChannelValue(trx, { key, value: cipher.encrypt(value), secret: 1 }, now);
        before[def.key] = row ? SECRET_SET : null;
        after[def.key] = SECRET_CHANGED;
        continue;
      }
      const was = row?.value ?? '';
      if (was === value) continue;
      if (value === '') await deleteChannelValue(trx, key);
      else await writeChannelValue(trx, { key, value, secret: 0 }, now);
      before[auditName(def.key)] = def.type === 'switch' ? switchWords(was) : was;
      after[auditName(def.key)] = def.type === 'switch' ? switchWords(value) : value;
    }
    if (Object.keys(after).length === 0) return;
    await bumpChannelVersion(trx, now);
    await recordAudit(trx, actor, {
      action: 'settings.channels',
      objectType: 'settings',
      objectId: group,
      before,
      after,
    });
  });
}

/** The SMTP sender is `sender` in the audit: `from` names the first day of a period there. */
const auditName = (key: string) => (key === 'from' ? 'sender' : key);

// How the audit log shows what it may not hold (a secret) or a switch: in both languages.
const SECRET_SET = { zh: '已设置', en: 'set' };
const SECRET_CHANGED = { zh: '已更改（内容不记录）', en: 'changed (the value is not recorded)' };
const SECRET_REMOVED = { zh: '已删除', en: 'removed' };
const switchWords = (value: string) => (value === '1' ? { zh: '开', en: 'on' } : { zh: '关', en: 'off' });

/** A number no payment was ever made under, for a provider's test call. */
export const testTradeNo = () => `TEST${Date.now()}${randomBytes(4).toString('hex')}`.toUpperCase();

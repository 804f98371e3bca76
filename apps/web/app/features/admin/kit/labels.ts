import { formatTime } from './time';
import type { Locale } from '@shop/domain/locale';
import { ADMIN_BUNDLES, adminT, useAdminT } from './use-admin-t';

// Every status, event, audit action, object type and audited field the console shows, in words
// (issue 29, decision 062): one table per kind in app/i18n/admin/labels.<locale>.json. A value
// missing from its table is never shown raw: it reads "unlisted value", and labels.test.ts walks
// everything the API can produce so none is missing.

export type StatusKind = keyof (typeof ADMIN_BUNDLES)['zh-CN']['labels']['status'];
export type ValueKind = keyof (typeof ADMIN_BUNDLES)['zh-CN']['labels']['value'];

/** The text at `labels.<path…>` in this language, or undefined when there is none. */
export function labelAt(locale: Locale, ...path: string[]): string | undefined {
  let node: unknown = ADMIN_BUNDLES[locale].labels;
  for (const part of path)
    node =
      typeof node === 'object' && node !== null && Object.hasOwn(node, part)
        ? (node as Record<string, unknown>)[part]
        : undefined;
  return typeof node === 'string' ? node : undefined;
}

const BOOLEAN_FIELDS = new Set([
  'is_active',
  'totp_enabled',
  'is_show',
  'on_sale',
  'ships',
  'sms',
  'balance_alipay_switch',
  'balance_wechat_switch',
  'order_alipay_switch',
  'order_balance_switch',
  'order_wechat_switch',
  'first_order_only',
  'disabled',
  'coupon_returned',
]);

/** Instants an audit entry may hold (issue 31: a code's validity), shown in the viewer's zone. */
const TIME_FIELDS = new Set(['starts_at', 'ends_at']);

/** Counts, shown with the language's digit grouping (2,500). */
const COUNT_FIELDS = new Set([
  'count',
  'generated',
  'total_uses',
  'per_user',
  'min_num',
  'used_count',
  'length',
]);

/** A name an audit entry keeps in both languages (`{ zh, en }`). */
const isBilingual = (v: object): v is { zh: string; en: string } =>
  Object.keys(v).length === 2 &&
  typeof (v as { zh?: unknown }).zh === 'string' &&
  typeof (v as { en?: unknown }).en === 'string';

/** The status table a `status` field of an audit entry belongs to, by the action's object. */
function statusKindOf(action: string, field: string): StatusKind | undefined {
  if (field === 'order_status') return 'order';
  if (field !== 'status') return undefined;
  const object = action.split('.')[0];
  if (action === 'order.refund' || object === 'order') return 'order';
  if (object === 'delivery') return 'delivery';
  if (object === 'refund') return 'refund';
  if (object === 'buyer') return 'buyer';
  if (object === 'ticket') return 'ticket';
  if (action === 'export.orders') return 'order';
  if (action === 'export.refunds') return 'refund';
  if (object === 'card_key') return 'card_key';
  return undefined;
}

export type Labels = ReturnType<typeof labelsFor>;

/** Every labelled audit action, `<object type>.<verb>` (the audit page's filter lists them). */
export function labelledActions(): string[] {
  const table = ADMIN_BUNDLES['zh-CN'].labels.action as Record<string, Record<string, string>>;
  return Object.entries(table).flatMap(([object, verbs]) => Object.keys(verbs).map((v) => `${object}.${v}`));
}

/** The console's labels in one language. */
export function labelsFor(locale: Locale) {
  const t = adminT(locale);
  const unknown = () => t('labels.unknown');
  const status = (kind: StatusKind, value: string) => labelAt(locale, 'status', kind, value) ?? unknown();
  const value = (kind: ValueKind, v: string) => labelAt(locale, 'value', kind, v) ?? unknown();
  const field = (name: string) => labelAt(locale, 'field', name) ?? unknown();
  const auditValue = (action: string, name: string, v: unknown): string => {
    if (v === undefined || v === null) return t('labels.none');
    if (v === '') return t('labels.empty');
    if (Array.isArray(v)) {
      if (name === 'permissions') return v.map((p) => value('permission', String(p))).join('、');
      if (v.every((x) => typeof x !== 'object' || x === null)) return v.join(locale === 'en' ? ', ' : '、');
      return t('labels.items', { count: v.length });
    }
    const kind = statusKindOf(action, name);
    if (kind) return status(kind, String(v));
    if (BOOLEAN_FIELDS.has(name) && (typeof v === 'boolean' || v === 0 || v === 1))
      return v === true || v === 1 ? t('labels.yes') : t('labels.no');
    if (name === 'role' || name === 'cancel_reason' || name === 'recharge_type' || name === 'spec_type')
      return value(name, String(v));
    if (name === 'destination') return value('method', String(v));
    if (name === 'pay_method') return value('method', String(v));
    if (action.startsWith('export.') && (name === 'mode' || name === 'locale' || name === 'format'))
      return value(`export_${name}`, String(v));
    if (name === 'rows' && typeof v === 'number') return v.toLocaleString(locale);
    if ((name === 'kind' || name === 'scope') && action.startsWith('coupon')) return value(name, String(v));
    if (TIME_FIELDS.has(name) && typeof v === 'number') return formatTime(v, locale);
    if (name === 'type' && action.startsWith('article.')) return value('type', String(v));
    if (name === 'job') return status('job', String(v));
    if (COUNT_FIELDS.has(name) && typeof v === 'number') return v.toLocaleString(locale);
    if (typeof v === 'object') {
      if (isBilingual(v)) return locale === 'en' ? v.en : v.zh;
      // A group of fields (a batch's terms): each named, as a list of objects is; the ones not
      // set (a percent code's amounts) are left out.
      return Object.entries(v as Record<string, unknown>)
        .filter(([, inner]) => inner !== null && inner !== undefined)
        .map(([k, inner]) => `${field(k)}: ${auditValue(action, k, inner)}`)
        .join(' · ');
    }
    return String(v);
  };
  return {
    status,
    value,
    event: (outcome: string) => labelAt(locale, 'event', outcome) ?? unknown(),
    action: (action: string) => labelAt(locale, 'action', ...action.split('.')) ?? unknown(),
    object: (type: string) => labelAt(locale, 'object', type) ?? unknown(),
    field,
    /** Who made a change: an operator's email, the system, or a command run on the server. */
    actor: (actor: string) =>
      actor === 'system'
        ? t('labels.actor.system')
        : actor.startsWith('cli:')
          ? t('labels.actor.cli', { command: actor.slice(4) })
          : actor,
    /** One audited value in words: a status, a yes/no, a role, a list, or the text itself. */
    auditValue,
    /**
     * A ledger entry's idempotency key as a reference an operator reads (`order:…:pay` → "payment
     * of order …"); the key itself is internal.
     */
    ledgerRef(key: string): string {
      let m: RegExpExecArray | null;
      if ((m = /^order:([^:]+):pay$/.exec(key))) return t('labels.ref.orderPay', { oid: m[1] });
      if ((m = /^refund:item:(\d+)$/.exec(key))) return t('labels.ref.itemRefund', { id: m[1] });
      if ((m = /^refund:([^:]+)$/.exec(key))) return t('labels.ref.refund', { no: m[1] });
      if ((m = /^payment:([^:]+):credit$/.exec(key))) return t('labels.ref.paymentCredit', { no: m[1] });
      if ((m = /^payment:([^:]+):refund$/.exec(key))) return t('labels.ref.paymentRefund', { no: m[1] });
      if (key.startsWith('opening:')) return t('labels.ref.opening');
      if (key.startsWith('adjust:')) return t('labels.ref.adjust');
      return t('labels.ref.other');
    },
  };
}

const cache = new Map<Locale, Labels>();

/** The labels of the shown language. */
export function useLabels(): Labels {
  const { locale } = useAdminT();
  let labels = cache.get(locale);
  if (!labels) cache.set(locale, (labels = labelsFor(locale)));
  return labels;
}

import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData, EndpointInput } from '@shop/contract/endpoint-schemas';
import { PERCENT_PATTERN } from '@shop/contract/admin/promotions.endpoints';
import type { AdminT } from '../kit/use-admin-t';

// The code form's state and checks (issue 31): what the operator typed, checked here in words as
// the API would refuse it, then turned into the create body (decimal strings, epoch ms). Times
// are typed in the viewer's own time zone (a datetime-local field) and sent as instants.

export type Coupon = EndpointData<typeof adminEndpoints.couponList>['list'][number];
export type CreateBody = EndpointInput<typeof adminEndpoints.couponCreate>;
export type Scope = Coupon['scope'];

export type CouponDraft = {
  code: string;
  name: string;
  kind: 'fixed' | 'percent';
  amountCny: string;
  amountUsd: string;
  percent: string;
  capCny: string;
  minSpend: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  perUser: string;
  scope: Scope;
  scopeIds: (number | string)[];
  firstOrder: boolean;
  disabled: boolean;
};

export const emptyDraft = (): CouponDraft => ({
  code: '',
  name: '',
  kind: 'fixed',
  amountCny: '',
  amountUsd: '',
  percent: '',
  capCny: '',
  minSpend: '0',
  startsAt: '',
  endsAt: '',
  totalUses: '',
  perUser: '1',
  scope: 'all',
  scopeIds: [],
  firstOrder: false,
  disabled: false,
});

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const WHOLE = /^[1-9]\d{0,8}$/;

/** A datetime-local value ("2026-12-01T08:00") in this browser's zone → epoch ms; '' → null. */
export function localToMs(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** Epoch ms → a datetime-local value in this browser's zone. */
export function msToLocal(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const positive = (text: string) => AMOUNT.test(text) && Number(text) > 0;
/** The text as the API reads codes: spaces and dashes dropped. */
const codeText = (text: string) => text.replace(/[\s-]/g, '');

export type DraftErrors = Partial<Record<keyof CouponDraft, string>>;

/** What is wrong with the draft, per field, in words. */
export function draftErrors(d: CouponDraft, t: AdminT, creating = true): DraftErrors {
  const e: DraftErrors = {};
  if (creating) {
    if (!/^[A-Za-z0-9]{3,32}$/.test(codeText(d.code))) e.code = t('promotions.coupons.check.code');
    if (d.kind === 'fixed') {
      if (!positive(d.amountCny)) e.amountCny = t('promotions.coupons.check.amount');
      if (d.amountUsd && !positive(d.amountUsd)) e.amountUsd = t('promotions.coupons.check.amount');
    } else {
      if (!PERCENT_PATTERN.test(d.percent) || Number(d.percent) <= 0 || Number(d.percent) > 100)
        e.percent = t('promotions.coupons.check.percent');
      if (d.capCny && !positive(d.capCny)) e.capCny = t('promotions.coupons.check.amount');
    }
    if (!AMOUNT.test(d.minSpend || '0')) e.minSpend = t('promotions.coupons.check.amount');
    if (d.scope !== 'all' && d.scopeIds.length === 0) e.scopeIds = t('promotions.coupons.check.scope');
  }
  const starts = localToMs(d.startsAt);
  const ends = localToMs(d.endsAt);
  if (starts !== null && ends !== null && ends <= starts) e.endsAt = t('promotions.coupons.check.dates');
  if (d.totalUses && !WHOLE.test(d.totalUses)) e.totalUses = t('promotions.coupons.check.whole');
  if (d.perUser && !WHOLE.test(d.perUser)) e.perUser = t('promotions.coupons.check.whole');
  return e;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The create body of a checked draft. */
export function createBody(d: CouponDraft): CreateBody {
  const fixed = d.kind === 'fixed';
  return {
    code: d.code.trim(),
    name: d.name.trim(),
    kind: d.kind,
    amount_cny: fixed ? orNull(d.amountCny) : null,
    amount_usd: fixed ? orNull(d.amountUsd) : null,
    percent: fixed ? null : orNull(d.percent),
    cap_cny: fixed ? null : orNull(d.capCny),
    min_spend_cny: orNull(d.minSpend) ?? '0',
    starts_at: localToMs(d.startsAt),
    ends_at: localToMs(d.endsAt),
    total_uses: wholeOrNull(d.totalUses),
    per_user: wholeOrNull(d.perUser),
    scope: d.scope,
    scope_ids: d.scope === 'all' ? [] : d.scopeIds,
    first_order_only: d.firstOrder ? 1 : 0,
    disabled: d.disabled ? 1 : 0,
  };
}

/** The draft of an existing code (its editable fields are what the edit form sends). */
export function draftOf(c: Coupon): CouponDraft {
  return {
    code: c.code,
    name: c.name,
    kind: c.kind,
    amountCny: c.amount_cny ?? '',
    amountUsd: c.amount_usd ?? '',
    percent: c.percent ?? '',
    capCny: c.cap_cny ?? '',
    minSpend: c.min_spend_cny,
    startsAt: msToLocal(c.starts_at),
    endsAt: msToLocal(c.ends_at),
    totalUses: c.total_uses === null ? '' : String(c.total_uses),
    perUser: c.per_user === null ? '' : String(c.per_user),
    scope: c.scope,
    scopeIds: c.scope_ids,
    firstOrder: c.first_order_only === 1,
    disabled: c.disabled === 1,
  };
}

/** The update body: only what is safe to change after creation. */
export function updateBody(id: number, d: CouponDraft) {
  return {
    id,
    name: d.name.trim(),
    ends_at: localToMs(d.endsAt),
    total_uses: wholeOrNull(d.totalUses),
    per_user: wholeOrNull(d.perUser),
    disabled: d.disabled ? (1 as const) : (0 as const),
  };
}

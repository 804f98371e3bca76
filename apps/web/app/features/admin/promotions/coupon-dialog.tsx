import { useEffect, useMemo, useState } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { ScopeChoices } from '@shop/contract/admin/promotions.schemas';
import { message } from '../../../lib/toast';
import { adminQuiet } from '../kit/admin-api';
import { useAdminWrite } from '../kit/actions';
import { SelectField, TextField, Toggle } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import {
  type Coupon,
  type CouponDraft,
  createBody,
  draftErrors,
  draftOf,
  type DraftErrors,
  emptyDraft,
  type Scope,
  updateBody,
} from './coupon-form';

// The code dialog (issue 31): a new code with all its terms, or an existing one, where only the
// safe fields can change (name, end, total uses, uses per buyer, disabled).

type Choice = { id: number | string; name: string; hint?: string };

function choicesFor(scope: Scope, data: ScopeChoices | null, locale: string): Choice[] {
  if (!data) return [];
  const name = (x: { name_zh: string; name_en: string }) => (locale === 'en' ? x.name_en : x.name_zh);
  if (scope === 'categories') {
    const parents = new Map(data.categories.map((c) => [c.id, c]));
    return data.categories.map((c) => {
      const parent = c.parent_id === null ? undefined : parents.get(c.parent_id);
      return { id: c.id, name: parent ? `${name(parent)} › ${name(c)}` : name(c) };
    });
  }
  if (scope === 'goods') return data.goods.map((g) => ({ id: g.id, name: name(g), hint: `#${g.id}` }));
  if (scope === 'options')
    return data.goods.flatMap((g) => g.options.map((o) => ({ id: o.key, name: `${name(g)} · ${name(o)}` })));
  return [];
}

/** A list of checkboxes with a filter, for the categories, products or options of a scope. */
function ScopePicker({
  scope,
  chosen,
  onChange,
  error,
}: {
  scope: Scope;
  chosen: (number | string)[];
  onChange: (ids: (number | string)[]) => void;
  error?: string | undefined;
}) {
  const { t, locale } = useAdminT();
  const [data, setData] = useState<ScopeChoices | null>(null);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    let live = true;
    adminQuiet
      .call(adminEndpoints.couponScopeChoices)
      .then((d) => live && setData(d))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const all = useMemo(() => choicesFor(scope, data, locale), [scope, data, locale]);
  const shown = all.filter((c) => c.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const set = new Set(chosen.map(String));
  const title = t(`promotions.coupons.pick.${scope as 'categories' | 'goods' | 'options'}`);
  return (
    <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3" data-testid="scope-picker">
      <legend className="px-1 text-sm font-medium text-stone-800">{title}</legend>
      <div className="flex items-center justify-between gap-2">
        <input
          className="input h-9 w-full max-w-xs"
          placeholder={t('promotions.coupons.pick.search')}
          aria-label={t('promotions.coupons.pick.search')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <span className="text-xs whitespace-nowrap text-stone-600">
          {t('promotions.coupons.pick.chosen', { count: chosen.length })}
        </span>
      </div>
      <ul className="max-h-48 space-y-1 overflow-y-auto">
        {shown.length === 0 && data ? (
          <li className="text-sm text-stone-500">{t('promotions.coupons.pick.none')}</li>
        ) : null}
        {shown.map((c) => (
          <li key={c.id}>
            <label className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                checked={set.has(String(c.id))}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...chosen, c.id] : chosen.filter((x) => String(x) !== String(c.id)),
                  )
                }
              />
              <span>{c.name}</span>
              {c.hint ? <span className="text-xs text-stone-400">{c.hint}</span> : null}
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function CouponDialog({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const creating = coupon === null;
  const [draft, setDraft] = useState<CouponDraft>(() => (coupon ? draftOf(coupon) : emptyDraft()));
  const [errors, setErrors] = useState<DraftErrors>({});
  // A field's error goes once the field changes (the next save checks it again).
  const set = (patch: Partial<CouponDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const keys = Object.keys(patch) as (keyof CouponDraft)[];
      if (!keys.some((k) => e[k])) return e;
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  };
  const { busy, error, submit } = useSubmit(async () => {
    const found = draftErrors(draft, t, creating);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (coupon) {
      await write.quiet(adminEndpoints.couponUpdate, updateBody(coupon.id, draft));
      message.success(t('promotions.coupons.saved'));
    } else {
      const made = await write.quiet(adminEndpoints.couponCreate, createBody(draft));
      message.success(t('promotions.coupons.created', { code: made.code }));
    }
    onClose();
  });
  const locked = !creating;
  const field = (key: keyof CouponDraft) => ({
    value: String(draft[key]),
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value } as Partial<CouponDraft>),
  });

  return (
    <FormDialog
      title={creating ? t('promotions.coupons.new') : t('promotions.coupons.edit')}
      testId="coupon-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      {locked ? <p className="text-sm text-stone-600">{t('promotions.coupons.editHint')}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('promotions.coupons.field.code')}
          hint={t('promotions.coupons.field.codeHint')}
          maxLength={40}
          disabled={locked}
          autoCapitalize="characters"
          className="[&_input]:font-mono"
          {...field('code')}
        />
        <TextField label={t('promotions.coupons.field.name')} maxLength={100} {...field('name')} />
        <CouponTermsFields draft={draft} set={set} field={field} locked={locked} />
        <TextField
          label={t('promotions.coupons.field.totalUses')}
          hint={t('promotions.coupons.field.totalUsesHint')}
          inputMode="numeric"
          {...field('totalUses')}
        />
        <TextField
          label={t('promotions.coupons.field.perUser')}
          hint={t('promotions.coupons.field.perUserHint')}
          inputMode="numeric"
          {...field('perUser')}
        />
      </div>
      <ScopeAndFirstOrder draft={draft} set={set} errors={errors} locked={locked} />
      <div className="flex flex-wrap gap-6">
        <Toggle
          label={t('promotions.coupons.field.disabled')}
          checked={draft.disabled}
          onChange={(v) => set({ disabled: v })}
        />
      </div>
    </FormDialog>
  );
}

type TermsProps = {
  draft: CouponDraft;
  set: (patch: Partial<CouponDraft>) => void;
  /** value, error and onChange of one text field of the draft. */
  field: (key: keyof CouponDraft) => {
    value: string;
    error: string | undefined;
    onChange: (e: { target: { value: string } }) => void;
  };
  /** An existing code: its terms are shown, not changed (but for its end). */
  locked: boolean;
};

/**
 * What a code gives and when, in the dialog's grid: kind, amounts or percent and cap, minimum
 * spend, from and until in the viewer's time zone, and the scope. A code and a batch of
 * single-use codes take the same terms.
 */
export function CouponTermsFields({ draft, set, field, locked }: TermsProps) {
  const { t } = useAdminT();
  const zone = viewerZone();
  return (
    <>
      <SelectField
        label={t('promotions.coupons.field.kind')}
        disabled={locked}
        value={draft.kind}
        onChange={(e) => set({ kind: e.target.value as CouponDraft['kind'] })}
      >
        <option value="fixed">{t('promotions.coupons.kind.fixed')}</option>
        <option value="percent">{t('promotions.coupons.kind.percent')}</option>
      </SelectField>
      {draft.kind === 'fixed' ? (
        <>
          <TextField
            label={t('promotions.coupons.field.amountCny')}
            inputMode="decimal"
            disabled={locked}
            {...field('amountCny')}
          />
          <TextField
            label={t('promotions.coupons.field.amountUsd')}
            hint={t('promotions.coupons.field.amountUsdHint')}
            inputMode="decimal"
            disabled={locked}
            {...field('amountUsd')}
          />
        </>
      ) : (
        <>
          <TextField
            label={t('promotions.coupons.field.percent')}
            hint={t('promotions.coupons.field.percentHint')}
            inputMode="decimal"
            disabled={locked}
            {...field('percent')}
          />
          <TextField
            label={t('promotions.coupons.field.capCny')}
            hint={t('promotions.coupons.field.capHint')}
            inputMode="decimal"
            disabled={locked}
            {...field('capCny')}
          />
        </>
      )}
      <TextField
        label={t('promotions.coupons.field.minSpend')}
        hint={t('promotions.coupons.field.minSpendHint')}
        inputMode="decimal"
        disabled={locked}
        {...field('minSpend')}
      />
      <TextField
        type="datetime-local"
        label={t('promotions.coupons.field.startsAt')}
        hint={t('promotions.coupons.field.timeHint', { zone })}
        disabled={locked}
        {...field('startsAt')}
      />
      <TextField
        type="datetime-local"
        label={t('promotions.coupons.field.endsAt')}
        hint={t('promotions.coupons.field.timeHint', { zone })}
        {...field('endsAt')}
      />
      <SelectField
        label={t('promotions.coupons.field.scope')}
        disabled={locked}
        value={draft.scope}
        onChange={(e) => set({ scope: e.target.value as Scope, scopeIds: [] })}
      >
        {(['all', 'categories', 'goods', 'options'] as const).map((s) => (
          <option key={s} value={s}>
            {t(`promotions.coupons.scope.${s}`)}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** Below the grid: the goods the scope names (a new code), and "first order only". */
export function ScopeAndFirstOrder({
  draft,
  set,
  errors,
  locked,
}: Pick<TermsProps, 'draft' | 'set' | 'locked'> & { errors: DraftErrors }) {
  const { t } = useAdminT();
  return (
    <>
      {draft.scope !== 'all' && !locked ? (
        <ScopePicker
          scope={draft.scope}
          chosen={draft.scopeIds}
          onChange={(ids) => set({ scopeIds: ids })}
          error={errors.scopeIds}
        />
      ) : null}
      <Toggle
        label={t('promotions.coupons.field.firstOrder')}
        checked={draft.firstOrder}
        disabled={locked}
        onChange={(v) => set({ firstOrder: v })}
      />
    </>
  );
}

import { viewerZone } from '../kit/time';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { BATCH_CODE_LENGTH, BATCH_MAX, BATCH_PREFIX_MAX } from '@shop/contract/admin/promotions.endpoints';
import type { AdminCouponBatch } from '@shop/contract/admin/promotions.schemas';
import { isApiError } from '../../../lib/http';
import { message } from '../../../lib/toast';
import { adminApi, adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { adminActions, useAdminWrite } from '../kit/actions';
import { TimeCell } from '../kit/cells';
import type { Column } from '../kit/data-table';
import { SelectField, TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { ListPage } from '../kit/list-page';
import { type AdminT, useAdminT } from '../kit/use-admin-t';
import { type CouponDraft, createBody, draftErrors, type DraftErrors, emptyDraft } from './coupon-form';
import { CouponTermsFields, ScopeAndFirstOrder } from './coupon-dialog';
import { BatchProgress, BatchStatusBadge } from './parts';

// Batches of single-use codes (issue 31): the API generates them in the background (modules/jobs);
// a batch still generating is polled every second and its bar moves; a finished one exports CSV.
// A batch whose job was set aside after repeated errors says so, with the codes made, and is
// retried from there.

export const batchesLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.couponBatchList, queryOf(request, [])),
);
export const batchesActions = adminActions([
  adminEndpoints.couponBatchCreate,
  adminEndpoints.couponBatchRetry,
]);

const POLL_MS = 1_000;

type BatchDraft = { name: string; count: string; prefix: string; length: string } & CouponDraft;

/** What is wrong with a batch's own fields, in words (its terms are checked as a code's). */
export function batchErrors(d: BatchDraft, t: AdminT): Partial<Record<keyof BatchDraft, string>> {
  const terms = draftErrors({ ...d, code: 'BATCH' }, t);
  const count = Number(d.count);
  return {
    ...terms,
    ...(d.name.trim() ? {} : { name: t('promotions.batches.check.name') }),
    ...(/^\d+$/.test(d.count) && count >= 1 && count <= BATCH_MAX
      ? {}
      : { count: t('promotions.batches.check.count') }),
    ...(new RegExp(`^[A-Za-z0-9]{0,${BATCH_PREFIX_MAX}}$`).test(d.prefix)
      ? {}
      : { prefix: t('promotions.batches.check.prefix') }),
  };
}

function BatchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [draft, setDraft] = useState<BatchDraft>(() => ({
    ...emptyDraft(),
    perUser: '1',
    name: '',
    count: '1000',
    prefix: '',
    length: String(BATCH_CODE_LENGTH.default),
  }));
  const [errors, setErrors] = useState<DraftErrors & Partial<Record<'count' | 'prefix' | 'length', string>>>(
    {},
  );
  const set = (patch: Partial<BatchDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const field = (key: keyof BatchDraft) => ({
    value: String(draft[key]),
    error: (errors as Record<string, string | undefined>)[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value } as Partial<BatchDraft>),
  });
  const { busy, error, submit } = useSubmit(async () => {
    const found = batchErrors(draft, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    const {
      code: _code,
      total_uses: _total,
      disabled: _disabled,
      per_user: _perUser,
      ...terms
    } = createBody(draft);
    await write.quiet(adminEndpoints.couponBatchCreate, {
      ...terms,
      per_user: 1,
      name: draft.name.trim(),
      count: Number(draft.count),
      prefix: draft.prefix,
      length: Number(draft.length),
    });
    message.success(t('promotions.batches.started', { count: Number(draft.count) }));
    onClose();
  });
  return (
    <FormDialog
      title={t('promotions.batches.new')}
      testId="batch-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('promotions.batches.field.name')} maxLength={100} {...field('name')} />
        <TextField
          label={t('promotions.batches.field.count')}
          hint={t('promotions.batches.field.countHint')}
          inputMode="numeric"
          {...field('count')}
        />
        <TextField
          label={t('promotions.batches.field.prefix')}
          hint={t('promotions.batches.field.prefixHint')}
          maxLength={BATCH_PREFIX_MAX}
          {...field('prefix')}
        />
        <SelectField
          label={t('promotions.batches.field.length')}
          hint={t('promotions.batches.field.lengthHint')}
          value={draft.length}
          onChange={(e) => set({ length: e.target.value })}
        >
          {Array.from(
            { length: BATCH_CODE_LENGTH.max - BATCH_CODE_LENGTH.min + 1 },
            (_, i) => i + BATCH_CODE_LENGTH.min,
          ).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <CouponTermsFields draft={draft} set={set} field={field} locked={false} />
      </div>
      <ScopeAndFirstOrder draft={draft} set={set} errors={errors} locked={false} />
    </FormDialog>
  );
}

/**
 * Polls the batches still generating and reloads the page's rows once one of them is done or has
 * failed. `current` is a row as last polled; `seen` records a fresher answer (a retry's).
 */
function usePolling(batches: AdminCouponBatch[]) {
  const { t } = useAdminT();
  const revalidator = useRevalidator();
  const [live, setLive] = useState<Record<number, AdminCouponBatch>>({});
  const generating = batches.filter((b) => b.status === 'generating').map((b) => b.id);
  const key = generating.join(',');
  useEffect(() => {
    if (!key) return;
    let stopped = false;
    const ids = key.split(',').map(Number);
    const tick = async () => {
      const answers = await Promise.all(
        ids.map((id) => adminQuiet.call(adminEndpoints.couponBatchStatus, { id }).catch(() => null)),
      );
      if (stopped) return;
      const fresh = answers.filter((b): b is AdminCouponBatch => b !== null);
      setLive((prev) => ({ ...prev, ...Object.fromEntries(fresh.map((b) => [b.id, b])) }));
      const finished = fresh.filter((b) => b.status !== 'generating');
      for (const b of finished)
        if (b.status === 'failed')
          message.error(
            t('promotions.batches.failedNow', {
              name: b.name,
              done: b.generated.toLocaleString(),
              count: b.count.toLocaleString(),
            }),
          );
        else message.success(t('promotions.batches.finished', { name: b.name }));
      if (finished.length) void revalidator.revalidate();
      else timer = setTimeout(() => void tick(), POLL_MS);
    };
    let timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restarts when the set of batches changes
  }, [key]);
  return {
    current: (b: AdminCouponBatch) => (b.status === 'generating' && live[b.id] ? live[b.id]! : b),
    seen: (b: AdminCouponBatch) => setLive((prev) => ({ ...prev, [b.id]: b })),
  };
}

async function exportCsv(batch: AdminCouponBatch, t: AdminT) {
  try {
    const response = await adminApi.file(adminEndpoints.couponBatchExport, { id: batch.id });
    const count = Number(response.headers.get('x-code-count') ?? '0');
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download =
      /filename="([\w.-]+\.csv)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'codes.csv';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    message.success(t('promotions.batches.exported', { count }));
  } catch (error) {
    if (!isApiError(error)) throw error;
    // the shared client showed why
  }
}

export function Batches() {
  const { t } = useAdminT();
  const page = useLoaderData<typeof batchesLoader>();
  const [creating, setCreating] = useState(false);
  const { current, seen } = usePolling(page.list);
  const write = useAdminWrite();
  const [retrying, setRetrying] = useState<number | null>(null);

  async function retry(b: AdminCouponBatch) {
    setRetrying(b.id);
    try {
      seen(await write.call(adminEndpoints.couponBatchRetry, { id: b.id }));
      message.success(t('promotions.batches.retried', { name: b.name }));
    } catch {
      // the shared client showed why
    } finally {
      setRetrying(null);
    }
  }

  const columns: Column<AdminCouponBatch>[] = [
    {
      key: 'name',
      header: t('promotions.batches.col.name'),
      cell: (b) => <span className="block max-w-48 truncate font-medium text-stone-900">{b.name}</span>,
    },
    {
      key: 'prefix',
      header: t('promotions.batches.col.prefix'),
      cell: (b) => <span className="font-mono">{b.prefix || '—'}</span>,
    },
    {
      key: 'progress',
      header: t('promotions.batches.col.progress'),
      cell: (row) => <BatchProgress batch={current(row)} />,
    },
    { key: 'used', header: t('promotions.batches.col.used'), align: 'right', cell: (b) => b.used },
    {
      key: 'status',
      header: t('promotions.batches.col.status'),
      cell: (b) => <BatchStatusBadge status={current(b).status} />,
    },
    {
      key: 'created',
      header: t('promotions.batches.col.created'),
      cell: (b) => <TimeCell ms={b.created_at} className="text-xs" />,
    },
    {
      key: 'actions',
      header: t('promotions.batches.col.actions'),
      cell: (b) => (
        <span className="flex gap-1 whitespace-nowrap">
          <Link to={`/admin/coupons?batch_id=${b.id}`} className="btn-ghost h-8 px-2 text-sm">
            {t('promotions.batches.codes')}
          </Link>
          {current(b).status === 'failed' ? (
            <button
              type="button"
              className="btn-ghost h-8 px-2 text-sm text-brand-700"
              disabled={retrying === b.id}
              onClick={() => void retry(b)}
            >
              {t('promotions.batches.retry')}
            </button>
          ) : (
            <button
              type="button"
              className="btn-ghost h-8 px-2 text-sm"
              disabled={current(b).status !== 'done'}
              onClick={() => void exportCsv(b, t)}
            >
              {t('promotions.batches.export')}
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title={t('promotions.batches.title')}
      intro={t('promotions.batches.intro')}
      actions={
        <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
          {t('promotions.batches.new')}
        </button>
      }
      columns={columns}
      rows={page.list}
      total={page.total}
      rowKey={(b) => b.id}
      testId="batches-table"
      footer={<p className="text-xs text-stone-600">{t('common.times', { zone: viewerZone() })}</p>}
      auditType="coupon_batch"
    >
      {creating ? <BatchDialog onClose={() => setCreating(false)} /> : null}
    </ListPage>
  );
}

import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { OPERATOR_ROLES, PERMISSIONS, type OperatorRole, type Permission } from '@shop/domain/admin';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { adminActions, useAdminWrite } from '../kit/actions';
import { confirmed } from '../kit/confirm';
import { type Column, DataTable } from '../kit/data-table';
import { SelectField, TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { formatTime } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';
import { Modal } from '../../../components/ui/modal';
import { message } from '../../../lib/toast';
import type { EndpointData } from '@shop/contract/endpoint-schemas';

type Operator = EndpointData<typeof adminEndpoints.operatorList>['list'][number];

/** The writes of the operators page (its route's clientAction). */
export const operatorsActions = adminActions([
  adminEndpoints.operatorCreate,
  adminEndpoints.operatorUpdate,
  adminEndpoints.operatorResetPassword,
]);

export const operatorsLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.operatorList, queryOf(request, ['keyword'])),
);

type Draft = { email: string; name: string; role: OperatorRole; permissions: Permission[] };

function OperatorDialog({
  operator,
  onClose,
  onSaved,
}: {
  operator: Operator | null;
  onClose: () => void;
  onSaved: (password?: { email: string; password: string }) => void;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [draft, setDraft] = useState<Draft>(
    operator
      ? { email: operator.email, name: operator.name, role: operator.role, permissions: operator.permissions }
      : { email: '', name: '', role: 'staff', permissions: [] },
  );
  const [emailError, setEmailError] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    if (!operator && !/^\S+@\S+\.\S+$/.test(draft.email.trim())) {
      setEmailError(t('common.required', { field: t('auth.operators.email') }));
      return;
    }
    if (operator) {
      await write.quiet(adminEndpoints.operatorUpdate, {
        id: operator.id,
        name: draft.name,
        role: draft.role,
        permissions: draft.permissions,
      });
      onSaved();
    } else {
      const created = await write.quiet(adminEndpoints.operatorCreate, draft);
      onSaved({ email: created.operator.email, password: created.password });
    }
  });

  const toggle = (p: Permission) =>
    setDraft((d) => ({
      ...d,
      permissions: d.permissions.includes(p) ? d.permissions.filter((x) => x !== p) : [...d.permissions, p],
    }));

  return (
    <FormDialog
      title={operator ? operator.email : t('auth.operators.new')}
      formTestId="operator-form"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      {operator ? null : (
        <TextField
          label={t('auth.operators.email')}
          type="email"
          value={draft.email}
          maxLength={254}
          error={emailError}
          onChange={(e) => setDraft({ ...draft, email: e.target.value })}
        />
      )}
      <TextField
        label={t('auth.operators.name')}
        value={draft.name}
        maxLength={64}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <SelectField
        label={t('auth.operators.role')}
        value={draft.role}
        onChange={(e) => setDraft({ ...draft, role: e.target.value as OperatorRole })}
      >
        {OPERATOR_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`common.role.${r}`)}
          </option>
        ))}
      </SelectField>
      {draft.role === 'staff' ? (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-stone-800">
            {t('auth.operators.permissions')}
          </legend>
          <div className="grid grid-cols-2 gap-1.5">
            {PERMISSIONS.map((p) => (
              <label key={p} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={draft.permissions.includes(p)} onChange={() => toggle(p)} />
                {t(`common.permission.${p}`)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}

export function Operators() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof operatorsLoader>();
  const list = useListParams();
  const write = useAdminWrite();
  const [editing, setEditing] = useState<Operator | null | 'new'>(null);
  const [password, setPassword] = useState<{ email: string; password: string } | null>(null);

  async function setActive(op: Operator, active: boolean) {
    if (!active && !confirmed(t('auth.operators.deactivateConfirm', { email: op.email }))) return;
    await write
      .call(adminEndpoints.operatorUpdate, { id: op.id, is_active: active ? 1 : 0 })
      .catch(() => undefined);
  }

  async function resetPassword(op: Operator) {
    if (!confirmed(t('auth.operators.resetConfirm', { email: op.email }))) return;
    const result = await write
      .call(adminEndpoints.operatorResetPassword, { id: op.id })
      .catch(() => undefined);
    if (result) setPassword({ email: op.email, password: result.password });
  }

  const columns: Column<Operator>[] = [
    {
      key: 'email',
      header: t('auth.operators.email'),
      sort: 'email',
      cell: (o) => <span className="font-medium">{o.email}</span>,
    },
    { key: 'name', header: t('auth.operators.name'), cell: (o) => o.name || '—' },
    { key: 'role', header: t('auth.operators.role'), cell: (o) => t(`common.role.${o.role}`) },
    {
      key: 'permissions',
      header: t('auth.operators.permissions'),
      cell: (o) =>
        o.role === 'owner'
          ? t('auth.operators.allPermissions')
          : o.permissions.map((p) => t(`common.permission.${p}`)).join('、') || '—',
    },
    {
      key: 'status',
      header: t('auth.operators.status'),
      cell: (o) => (
        <span className={o.is_active ? 'text-emerald-700' : 'text-stone-500'}>
          {o.is_active ? t('auth.operators.active') : t('auth.operators.inactive')}
        </span>
      ),
    },
    {
      key: 'totp',
      header: t('auth.operators.totp'),
      cell: (o) => (o.totp_enabled ? t('common.yes') : t('common.no')),
    },
    {
      key: 'last',
      header: t('auth.operators.lastLogin'),
      sort: 'last_login_at',
      cell: (o) => (o.last_login_at ? formatTime(o.last_login_at, locale) : t('auth.operators.never')),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (o) => (
        <div className="flex flex-wrap gap-1">
          <button type="button" className="btn-ghost px-2 py-1" onClick={() => setEditing(o)}>
            {t('common.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost px-2 py-1"
            onClick={() => void setActive(o, !o.is_active)}
          >
            {o.is_active ? t('auth.operators.deactivate') : t('auth.operators.activate')}
          </button>
          <button type="button" className="btn-ghost px-2 py-1" onClick={() => void resetPassword(o)}>
            {t('auth.operators.resetPassword')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('auth.operators.title')}
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {t('auth.operators.new')}
        </button>
      }
    >
      <form
        className="flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          list.set({ keyword: String(new FormData(e.currentTarget).get('keyword') ?? '').trim() });
        }}
      >
        <input
          name="keyword"
          defaultValue={list.get('keyword')}
          placeholder={t('auth.operators.keyword')}
          aria-label={t('auth.operators.keyword')}
          className="input h-10 w-64"
          maxLength={64}
        />
        <button type="submit" className="btn-outline">
          {t('common.search')}
        </button>
      </form>
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(o) => o.id}
        testId="operators-table"
      />
      <AuditTrail objectType="operator" />
      {editing ? (
        <OperatorDialog
          operator={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            if (created) setPassword(created);
            else message.success(t('auth.operators.updated'));
          }}
        />
      ) : null}
      {password ? (
        <Modal
          open
          onOpenChange={(open) => (open ? undefined : setPassword(null))}
          title={t('auth.operators.oneTimePassword')}
        >
          <div className="space-y-3" data-testid="one-time-password">
            <p className="text-sm text-stone-600">
              {t('auth.operators.oneTimeNote', { email: password.email })}
            </p>
            <code className="block rounded-lg bg-stone-50 px-3 py-2 font-mono text-base select-all">
              {password.password}
            </code>
            <div className="flex justify-end">
              <button type="button" className="btn-primary" onClick={() => setPassword(null)}>
                {t('common.confirm')}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </AdminPage>
  );
}

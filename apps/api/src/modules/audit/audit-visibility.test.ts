import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFundedBuyers } from '../../../test/buyers.ts';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { DEMO_OPERATORS } from '../../seed/seed-demo.ts';
import type { AuditObjectType } from '@shop/domain/admin';
import { AUDIT_ACTION_AREAS } from './audit-areas.ts';
import { recordAudit } from './audit.service.ts';

// Issue 29 (decision 062): the audit log shows each operator the areas their permissions cover.
// The demo staff member (catalog, support) reads catalog and support entries and their own
// account's, never a buyer's balance adjustment or a refund; the owner reads everything; an
// object's own trail (the list filtered to one object) follows the same rule.

type Entry = { action: string; object_type: string; object_id: string };

describe.each(testEngines())('who reads which audit entries (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;
  let staff: TestOperator;
  let buyerId: number;
  const demoStaff = DEMO_OPERATORS.find((o) => o.role === 'staff')!;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await addOperator(t.db, 'owner@audit.test', 'owner');
    staff = await addOperator(t.db, demoStaff.email, 'staff', demoStaff.permissions);
    buyerId = (await addFundedBuyers(t.db, 'audit-scope', 1, 10_000))[0]!.id;
    // One entry of every audited action, as a system actor wrote it, on an object of its type.
    const system = { operatorId: null, name: 'system', requestId: '', ip: '' };
    for (const action of Object.keys(AUDIT_ACTION_AREAS)) {
      const objectType = action.split('.')[0] as AuditObjectType;
      await recordAudit(t.db, system, { action, objectType, objectId: 'X1', after: { status: 'x' } });
    }
    // A real balance adjustment through the buyers' area, by the owner.
    const adjusted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/buyers/adjust_balance',
      headers: as(owner),
      payload: { id: buyerId, amount: '12.00', reason: 'goodwill', request_key: 'audit-scope-0001' },
    });
    expect(adjusted.statusCode).toBe(200);
    // The staff member's own account: another operator's entries stay the owner's.
    await recordAudit(t.db, system, {
      action: 'operator.password',
      objectType: 'operator',
      objectId: staff.id,
    });
  });
  afterAll(() => t.close());

  const list = async (op: TestOperator, query = '') => {
    const res = await t.app.inject({ url: `/api/admin/audit/list?limit=100${query}`, headers: as(op) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { list: Entry[]; total: number };
    expect(data.total).toBe(data.list.length);
    return data.list;
  };

  it('shows the demo staff member catalog and support entries and their own account, nothing else', async () => {
    const seen = await list(staff);
    const actions = new Set(seen.filter((e) => e.object_id === 'X1').map((e) => e.action));
    for (const [action, area] of Object.entries(AUDIT_ACTION_AREAS))
      expect(actions.has(action), action).toBe(area === 'catalog' || area === 'support');
    expect(seen.filter((e) => e.action === 'buyer.adjust_balance')).toEqual([]);
    expect(seen.filter((e) => e.action.startsWith('refund.') || e.action === 'order.refund')).toEqual([]);
    const own = seen.filter((e) => e.object_type === 'operator');
    expect(own).toEqual([
      expect.objectContaining({ action: 'operator.password', object_id: String(staff.id) }),
    ]);
    // A search cannot reach around the scope.
    expect(await list(staff, '&keyword=goodwill')).toEqual([]);
    expect(await list(staff, '&action=buyer.adjust_balance')).toEqual([]);
  });

  it('shows the owner every entry', async () => {
    const seen = await list(owner);
    const actions = new Set(seen.map((e) => e.action));
    for (const action of Object.keys(AUDIT_ACTION_AREAS)) expect(actions.has(action), action).toBe(true);
    expect(seen.filter((e) => e.action === 'buyer.adjust_balance')).toHaveLength(2);
    expect(await list(owner, '&keyword=goodwill')).toHaveLength(1);
  });

  it("follows the same rule on an object's own trail", async () => {
    const buyerTrail = `&object_type=buyer&object_id=${buyerId}`;
    expect((await list(owner, buyerTrail)).map((e) => e.action)).toEqual(['buyer.adjust_balance']);
    expect(await list(staff, buyerTrail)).toEqual([]);
    expect((await list(owner, '&object_type=refund')).length).toBeGreaterThan(0);
    expect(await list(staff, '&object_type=refund')).toEqual([]);
    expect(await list(staff, '&object_type=order&object_id=X1')).toEqual([]);
    expect((await list(staff, '&object_type=goods&object_id=X1')).map((e) => e.action).sort()).toEqual([
      'goods.create',
      'goods.off_sale',
      'goods.on_sale',
      'goods.prices',
      'goods.update',
    ]);
    expect((await list(staff, '&object_type=ticket&object_id=X1')).length).toBe(2);
  });
});

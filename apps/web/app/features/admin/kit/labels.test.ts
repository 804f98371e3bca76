import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BUYER_STATUSES } from '@shop/contract/admin/buyers.endpoints';
import {
  adminSettings,
  article,
  banner,
  footerLink,
  homeModule,
  zone,
} from '@shop/contract/admin/content.schemas';
import { ARTICLE_TYPES } from '@shop/contract/admin/content.limits';
import { AUDIT_OBJECT_TYPES, OPERATOR_ROLES, PERMISSIONS } from '@shop/domain/admin';
import {
  CARD_KEY_MACHINE,
  DELIVERY_MACHINE,
  ORDER_MACHINE,
  PAYMENT_MACHINE,
  REFUND_MACHINE,
} from '@shop/domain/order';
import { PAY_METHODS } from '@shop/domain/payment';
import { TICKET_STATUSES } from '@shop/domain/support';
import { auditSources } from './audit-sources.test-helper';
import { labelAt, labelsFor } from './labels';

// Issue 29 (decision 062): everything the API can put in front of an operator has words in both
// languages. The lists come from where the API takes them: the declared machines, the audit
// actions and the fields of their before/after read from every recordAudit call with the
// TypeScript checker, the payment notices' outcomes from the API's own type.

const API = path.resolve(import.meta.dirname, '../../../../../api');
const LOCALES = ['zh-CN', 'en'] as const;

function expectLabelled(kind: string[], values: readonly (string | number)[]) {
  expect(values.length, kind.join('.')).toBeGreaterThan(0);
  for (const locale of LOCALES)
    for (const v of values)
      expect(
        labelAt(locale, ...kind, ...String(v).split('.')) ?? '',
        `${locale} ${kind.join('.')}.${v}`,
      ).toMatch(/\S/);
}

const sources = auditSources();

describe('console labels', () => {
  it('names every state of every machine and list the API answers with', () => {
    expectLabelled(['status', 'order'], ORDER_MACHINE.states);
    expectLabelled(['status', 'payment'], PAYMENT_MACHINE.states);
    expectLabelled(['status', 'delivery'], DELIVERY_MACHINE.states);
    expectLabelled(['status', 'card_key'], CARD_KEY_MACHINE.states);
    expectLabelled(['status', 'refund'], REFUND_MACHINE.states);
    expectLabelled(['status', 'ticket'], TICKET_STATUSES);
    expectLabelled(['status', 'buyer'], BUYER_STATUSES);
    expectLabelled(['status', 'job'], ['queued', 'done', 'dead']);
    expectLabelled(['value', 'role'], OPERATOR_ROLES);
    expectLabelled(['value', 'permission'], PERMISSIONS);
    expectLabelled(['value', 'method'], PAY_METHODS);
    expectLabelled(['value', 'type'], ARTICLE_TYPES);
    expectLabelled(['value', 'recharge_type'], [1, 2, 3]);
    expectLabelled(['value', 'spec_type'], [1, 2]);
    expectLabelled(['value', 'cancel_reason'], ['buyer', 'timeout', 'operator']);
    expectLabelled(['object'], AUDIT_OBJECT_TYPES);
  });

  it("names every outcome of a payment notice (the API's NoticeOutcome and the inbox's first state)", () => {
    const file = sources.program.getSourceFile(path.join(API, 'src/modules/payment/payment.service.ts'))!;
    const alias = file.statements.find(
      (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'NoticeOutcome',
    )!;
    const type = sources.checker.getTypeAtLocation(alias.name);
    const outcomes = (type.isUnion() ? type.types : [type]).map((t) => (t as ts.StringLiteralType).value);
    const written = [...file.text.matchAll(/outcome: '(\w+)'/g)].map((m) => m[1]!);
    expect(outcomes).toContain('order_paid');
    expectLabelled(['event'], [...new Set([...outcomes, ...written])]);
  });

  it('names every audited action, each in the table of who reads it', () => {
    const actions = [...new Set(sources.calls.flatMap((c) => c.actions))].sort();
    expect(actions.length).toBeGreaterThan(40);
    for (const action of actions)
      expect(action, 'an action the checker could not name').toMatch(/^[a-z_]+\.[a-z_]+$/);
    expectLabelled(['action'], actions);
    const areas = readFileSync(path.join(API, 'src/modules/audit/audit-areas.ts'), 'utf8');
    const listed = [...areas.matchAll(/^ {2}'([a-z_]+\.[a-z_]+)': '/gm)].map((m) => m[1]!).sort();
    expect(listed).toEqual(actions);
  });

  it('names every field an audit entry can hold, nested ones included', () => {
    // The shapes the checker cannot name (generic helpers): the console's objects from the contract.
    const supplied: Record<string, string[]> = {
      banner: Object.keys(banner.shape),
      module: Object.keys(homeModule.shape),
      zone: Object.keys(zone.shape),
      article: Object.keys(article.shape),
      link: Object.keys(footerLink.shape),
      // site-admin.service.ts audits the values (Omit<AdminSettings, 'defaults' | 'cache_ttl_seconds'>).
      settings: Object.keys(adminSettings.shape).filter((k) => k !== 'defaults' && k !== 'cache_ttl_seconds'),
      canned_reply: sources.calls.find((c) => c.actions.includes('canned_reply.create'))!.fields,
    };
    const fields = new Set<string>();
    for (const call of sources.calls) {
      call.fields.forEach((f) => fields.add(f));
      if (call.unnamed || call.fields.length === 0)
        for (const action of call.actions) {
          const object = action.split('.')[0]!;
          if (object === 'operator') continue; // operator.password: no before/after at all
          expect(supplied[object], `${call.file} ${action}: a shape the checker cannot name`).toBeDefined();
          supplied[object]!.forEach((f) => fields.add(f));
        }
    }
    expect(fields.has('name_zh') && fields.has('tokens_revoked')).toBe(true);
    expectLabelled(['field'], [...fields]);
  });

  it('never shows an unknown key raw, and turns ledger keys into references', () => {
    for (const locale of LOCALES) {
      const l = labelsFor(locale);
      for (const shown of [l.status('order', 'zzz'), l.event('zzz'), l.action('x.y'), l.field('zzz')])
        expect(shown).toBe(labelAt(locale, 'unknown'));
      expect(l.auditValue('buyer.disable', 'status', 'disabled')).toBe(
        labelAt(locale, 'status', 'buyer', 'disabled'),
      );
      expect(l.auditValue('goods.update', 'on_sale', 0)).toBe(labelAt(locale, 'no'));
    }
    // A name kept in both languages shows the viewer's; a group of fields is named field by
    // field; counts are grouped (issue 31: no option keys or raw JSON in the change history).
    const zhLabels = labelsFor('zh-CN');
    const enLabels = labelsFor('en');
    const option = { zh: '1 个月', en: '1 month' };
    expect(zhLabels.auditValue('goods.prices', 'option', option)).toBe('1 个月');
    expect(enLabels.auditValue('goods.prices', 'option', option)).toBe('1 month');
    expect(enLabels.auditValue('coupon_batch.create', 'count', 2500)).toBe('2,500');
    expect(
      enLabels.auditValue('coupon_batch.create', 'terms', {
        kind: 'percent',
        amount_cny: null,
        percent: '10',
        first_order_only: 1,
      }),
    ).toBe(
      `${enLabels.field('kind')}: ${enLabels.value('kind', 'percent')} · ${enLabels.field('percent')}: 10 · ${enLabels.field('first_order_only')}: Yes`,
    );
    const en = labelsFor('en');
    expect(en.ledgerRef('order:A1B2C3D4E5:pay')).toBe('Payment of order A1B2C3D4E5');
    expect(en.ledgerRef('refund:R123')).toBe('Refund R123');
    expect(en.ledgerRef('refund:item:7')).toBe('Refund of order item #7');
    expect(en.ledgerRef('payment:P9:credit')).toBe('Payment P9 credited');
    expect(labelsFor('zh-CN').ledgerRef('order:A1B2C3D4E5:pay')).toBe('订单 A1B2C3D4E5 的支付');
    expect(en.ledgerRef('something:else')).not.toContain('something');
  });
});

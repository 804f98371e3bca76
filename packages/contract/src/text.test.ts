import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ORDER_NUMBER_PATTERN } from '@shop/domain/order';
import * as account from './account.ts';
import * as address from './address.ts';
import * as cart from './cart.ts';
import * as catalog from './catalog.ts';
import * as content from './content.ts';
import { adminEndpointSchemas } from './admin/endpoint-schemas.ts';
import * as endpointSchemas from './endpoint-schemas.ts';
import * as endpoints from './endpoints.ts';
import * as envelope from './envelope.ts';
import * as link from './link.ts';
import * as order from './order.ts';
import * as player from './player.ts';
import * as promotions from './promotions.ts';
import * as requestFieldsModule from './request-fields.ts';
import { REFUSED_INPUTS, requestFields } from './request-fields.ts';
import * as siteConfig from './site-config.ts';
import * as support from './support.ts';
import * as textModule from './text.ts';
import { hasRefusedCharacters, identifier, ignored, text } from './text.ts';
import * as upload from './upload.ts';
import * as wallet from './wallet.ts';

// Issue 11, finding 4: every string a request carries is checked at the schema.

const modules: Record<string, Record<string, unknown>> = {
  account,
  address,
  cart,
  catalog,
  content,
  'endpoint-schemas': endpointSchemas,
  endpoints,
  envelope,
  link,
  order,
  player,
  promotions,
  'request-fields': requestFieldsModule,
  'site-config': siteConfig,
  support,
  text: textModule,
  upload,
  wallet,
};

/** Request schemas are named for where they go: `…Body`, `…Query`, `…Headers`. */
const REQUEST_NAME = /(Body|Query|Headers)$/;
const requestSchemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => REQUEST_NAME.test(name) && value instanceof z.ZodType)
    .map(([name, value]) => ({ name: `${file}.${name}`, schema: value as z.ZodType })),
);

describe('request strings (issue 11)', () => {
  it('sees every module of the contract', () => {
    const files = fs
      .readdirSync(new URL('.', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3));
    expect(Object.keys(modules).sort()).toEqual(files.sort());
    expect(requestSchemas.length).toBeGreaterThan(30);
  });

  it('refuses NUL, other controls and 10,000 characters in every field of every request schema', () => {
    const accepted: string[] = [];
    let stringFields = 0;
    for (const { name, schema } of requestSchemas) {
      for (const field of requestFields(schema)) {
        if (field.schema.safeParse('a').success || field.schema.safeParse('1').success) stringFields++;
        for (const input of REFUSED_INPUTS) {
          if (field.schema.safeParse(input).success)
            accepted.push(`${name} ${field.path} ← ${JSON.stringify(input.slice(0, 12))}…`);
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(stringFields).toBeGreaterThan(20);
  });

  it('refuses them in every field of every console request too (issue 14)', () => {
    const accepted: string[] = [];
    let fields = 0;
    for (const [name, entry] of Object.entries(adminEndpointSchemas)) {
      for (const part of ['body', 'query'] as const) {
        const schema = (entry as { body?: z.ZodType; query?: z.ZodType })[part];
        if (!schema) continue;
        for (const field of requestFields(schema)) {
          fields++;
          for (const input of REFUSED_INPUTS)
            if (field.schema.safeParse(input).success) accepted.push(`${name}.${part} ${field.path}`);
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(fields).toBeGreaterThan(10);
  });

  it('text() trims, bounds and refuses control characters; multiline keeps line breaks', () => {
    const nickname = text({ min: 1, max: 5 });
    expect(nickname.parse('  ab  ')).toBe('ab');
    expect(nickname.safeParse('   ').success).toBe(false);
    expect(nickname.safeParse('abcdef').success).toBe(false);
    expect(nickname.safeParse('a\tb').success).toBe(false);
    expect(nickname.safeParse('a\nb').success).toBe(false);
    expect(nickname.parse('像素港😀')).toBe('像素港😀');
    const message = text({ max: 20, multiline: true });
    expect(message.parse('line 1\r\nline 2\tx')).toBe('line 1\r\nline 2\tx');
    expect(message.safeParse('a\u0000b').success).toBe(false);
    expect(message.safeParse('a\u007fb').success).toBe(false);
    expect(text({ max: 10, trim: false }).parse(' pass ')).toBe(' pass ');
    // Bounded in the form it is stored in: 'İ' is two characters in lower case.
    const account = text({ max: 4, lowercase: true });
    expect(account.parse(' AB@C ')).toBe('ab@c');
    expect(account.safeParse('İİİ').success).toBe(false);
    expect(hasRefusedCharacters('a\u2028b')).toBe(true);
    expect(hasRefusedCharacters('a\u2028b', true)).toBe(false);
    expect(hasRefusedCharacters('zero\u200dwidth joiner')).toBe(false);
  });

  it('identifier() takes printable ASCII of a shape; ignored() bounds then drops', () => {
    const key = identifier({ max: 8 });
    expect(key.parse(' abc-1 ')).toBe('abc-1');
    for (const bad of ['', 'a b', 'a\u0000', '123456789', 'ключ'])
      expect(key.safeParse(bad).success).toBe(false);
    const oid = identifier({ max: 32, pattern: ORDER_NUMBER_PATTERN });
    expect(oid.safeParse('20261121ABCDEF').success).toBe(true);
    expect(oid.safeParse('2026112').success).toBe(false);
    const field = z.object({ price: ignored('Ignored') });
    expect(field.parse({ price: '68.00' })).toEqual({ price: undefined });
    expect(field.parse({})).toEqual({});
    expect(field.safeParse({ price: 'x'.repeat(65) }).success).toBe(false);
  });
});

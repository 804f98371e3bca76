import fc from 'fast-check';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { Engine } from '../../src/db/dialect.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// The OpenAPI-driven fuzzer of issue 11 (decision 027): every operation of /api/openapi.json gets
// requests generated from its own schemas (valid ones, so that the 2xx paths are reached) and
// hostile ones (wrong types, missing fields, 10,000-character and NUL-bearing strings, deep
// nesting, `__proto__` keys, edge numbers, broken bodies and headers), with the buyer's token,
// without one and with a forged one. Every answer is held to ARCHITECTURE.md §4 and §6 rule 3:
// never a 5xx; always the envelope {code,msg,data} with code = HTTP status (200 on success, or a
// business code the operation documents) and a non-empty msg; a 2xx body matches the operation's
// response schema in the document (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
//
// Request i of a run is generated from seed `seed + i` alone, so one failing request can be
// replayed by its seed and index (`requestAt`). Used by apps/api/test/fuzz.test.ts (npm test,
// fixed seed) and apps/api/test/verify/fuzz-part.ts (npm run verify, ≥ 10,000 requests).

type Schema = { [key: string]: unknown };
type Json = unknown;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Operation = {
  /** "GET /api/front/goods/detail" */
  id: string;
  method: Method;
  /** The document's path, `{name}` for path parameters. */
  path: string;
  query: { name: string; schema: Schema; required: boolean }[];
  pathParams: { name: string; schema: Schema }[];
  headerParams: { name: string; schema: Schema; required: boolean }[];
  /** application/json request body, if the operation declares one. */
  body: Schema | undefined;
  multipart: boolean;
  /** Declares the token security scheme. */
  auth: boolean;
  /** Its 200 answer is the envelope; false for the payment sandbox and provider notifications. */
  envelope: boolean;
  /** Top-level keys its 200 answer declares (the envelope's, and e.g. the cart's count). */
  envelopeKeys: string[];
  validate: ValidateFunction | undefined;
  /** Business codes the operation documents (ARCHITECTURE.md §4 allows them in `code`). */
  businessCodes: number[];
  /** Not in the document (hidden there); fuzzed anyway, and the reason. */
  extra?: string;
  /** Every answer must be 4xx (unsigned provider notifications). */
  only4xx?: boolean;
};

/** Values seen in the answers of a real buyer journey, by field name: ids that exist. */
export type Pools = Map<string, Json[]>;

/** Requests of that journey which succeeded, by operation ("GET /path"): valid inputs to start from. */
export type Examples = Map<string, { query: Record<string, string>; body: Json }[]>;

type Seen = { pools: Pools; examples: Examples };

export type Buyer = { account: string; password: string; token: string };

export type FuzzTarget = {
  t: TestApp;
  engine: Engine;
  ops: Operation[];
  pools: Pools;
  examples: Examples;
  buyer: Buyer;
  close(): Promise<void>;
};

export type FuzzRequest = {
  op: Operation;
  /** 'valid' or the hostile variant. */
  kind: string;
  token: 'valid' | 'none' | 'forged';
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** Short description of what was altered, for the report. */
  note: string;
};

export type Failure = {
  /** 'status>=500', 'envelope', 'schema' or 'not 4xx'. */
  check: string;
  op: string;
  kind: string;
  status: number;
  msg: string;
  detail: string;
  /** The first request that failed this way, shortened for reading. */
  example: string;
  seed: number;
  index: number;
  count: number;
};

export type FuzzReport = {
  engine: Engine;
  seed: number;
  requests: number;
  status5xx: number;
  envelopeMismatches: number;
  schemaMismatches: number;
  /** Distinct failures (check, operation, variant, status, msg). */
  failures: Failure[];
  /** Per operation: requests, 2xx, 4xx, 5xx. */
  coverage: Map<string, { requests: number; ok: number; client: number; server: number }>;
  millis: number;
};

const BUYER_PASSWORD = 'fuzz-pass-1234';

/** The app on a fresh database of `engine` with the demo data, a registered and funded buyer. */
export async function prepareFuzz(engine: Engine): Promise<FuzzTarget> {
  const t = await createTestApp(engine, { SEED_DEMO: '1', CAPTCHA_DISABLED: '1' });
  try {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as Schema;
    const ops = operationsOf(doc);
    const seen: Seen = { pools: new Map(), examples: new Map() };
    const buyer = await newBuyer(t, seen);
    await buyerJourney(t, buyer, seen);
    return { t, engine, ops, ...seen, buyer, close: () => t.close() };
  } catch (error) {
    await t.close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The document's operations

export function operationsOf(doc: Schema): Operation[] {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  const components = (doc.components ?? {}) as Schema;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const [m, raw] of Object.entries(item)) {
      const method = m.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const o = raw as Schema;
      const params = (o.parameters ?? []) as {
        in: string;
        name: string;
        schema: Schema;
        required?: boolean;
      }[];
      const content = ((o.requestBody as Schema | undefined)?.content ?? {}) as Record<string, Schema>;
      const okSchema = (((o.responses as Record<string, Schema> | undefined)?.['200']?.content as Record<
        string,
        Schema
      >) ?? {})['application/json']?.schema as Schema | undefined;
      const props = (okSchema?.properties ?? {}) as Schema;
      const envelope = Boolean(okSchema && 'code' in props && 'msg' in props && 'data' in props);
      const text = `${String(o.summary ?? '')} ${String(o.description ?? '')}`;
      ops.push({
        id: `${method} ${path}`,
        method,
        path,
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        headerParams: params
          .filter((p) => p.in === 'header')
          .map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
        body: content['application/json']?.schema as Schema | undefined,
        multipart: Boolean(
          content['multipart/form-data'] ||
          (o.consumes as string[] | undefined)?.includes('multipart/form-data'),
        ),
        auth: Array.isArray(o.security) && o.security.length > 0,
        envelope,
        envelopeKeys: Object.keys(props),
        validate: envelope && okSchema ? ajv.compile({ ...okSchema, components }) : undefined,
        businessCodes: [...text.matchAll(/\bcode (\d{5})\b/g)].map((x) => Number(x[1])),
      });
    }
  }
  // Also hidden, and not fuzzed: GET /api/openapi.json, the /api/docs pages and the /dev/outbox
  // page take no input (the outbox's data is GET /api/dev/outbox, which is in the document), and
  // the SSR pages are not the API (headers-part.ts checks them over a socket).
  // Hidden from the document (`schema.hide`) but public: the providers' notifications. They need
  // the provider's signature, which the fuzzer cannot make, so every request is unsigned and must
  // be refused with a 4xx. They answer in the provider's protocol (Alipay: text `failure`, WeChat
  // Pay: {code:'FAIL',message}), not in the shop's envelope.
  for (const provider of ['alipay', 'wechat'])
    ops.push({
      id: `POST /api/pay/notify/${provider}`,
      method: 'POST',
      path: `/api/pay/notify/${provider}`,
      query: [],
      pathParams: [],
      headerParams: [],
      body: { type: 'object', additionalProperties: { type: 'string' } },
      multipart: false,
      auth: false,
      envelope: false,
      envelopeKeys: [],
      validate: undefined,
      businessCodes: [],
      extra: 'hidden from the document: provider notification, fuzzed unsigned',
      only4xx: true,
    });
  // Not an operation: a path under /api that does not exist must still answer the 404 envelope.
  ops.push({
    id: 'GET /api/front/{unknown}',
    method: 'GET',
    path: '/api/front/{unknown}',
    query: [{ name: 'id', schema: { type: 'integer' }, required: false }],
    pathParams: [{ name: 'unknown', schema: { type: 'string', minLength: 1, maxLength: 20 } }],
    headerParams: [],
    body: undefined,
    multipart: false,
    auth: false,
    envelope: true,
    envelopeKeys: ['code', 'msg', 'data'],
    validate: undefined,
    businessCodes: [],
    extra: 'unknown API path: the 404 envelope',
    only4xx: true,
  });
  return ops;
}

// ---------------------------------------------------------------------------------------------
// Setup: a buyer of our own, funded through the sandbox, with an order, a ticket and card keys

async function call(
  t: TestApp,
  seen: Seen | undefined,
  method: Method,
  url: string,
  body?: Json,
  token?: string,
): Promise<{ status: number; json: Schema }> {
  const res = await t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: token ? { authorization: token } : {},
  });
  let json: Schema = {};
  try {
    json = res.json();
  } catch {
    // Not JSON (sandbox pages): the caller reads res itself when it needs it.
  }
  if (seen && res.statusCode === 200) {
    const u = new URL(url, 'http://x');
    const key = `${method} ${u.pathname}`;
    const list = seen.examples.get(key) ?? [];
    list.push({ query: Object.fromEntries(u.searchParams), body });
    seen.examples.set(key, list);
    harvest(seen.pools, json.data);
  }
  return { status: res.statusCode, json };
}

/** Adds every short scalar under its field name, and query values / last path segments of URLs. */
export function harvest(pools: Pools, value: Json, key = ''): void {
  const add = (k: string, v: Json) => {
    const list = pools.get(k) ?? [];
    if (!list.includes(v) && list.length < 50) list.push(v);
    pools.set(k, list);
  };
  if (Array.isArray(value)) for (const v of value) harvest(pools, v, key);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value as Schema)) harvest(pools, v, k);
  else if (key && (typeof value === 'number' || (typeof value === 'string' && value.length <= 64)))
    add(key, value);
  if (typeof value === 'string' && /^(https?:\/\/|\/)[^\s]*\?/.test(value)) {
    const url = new URL(value, 'http://x');
    for (const [k, v] of url.searchParams) if (v.length <= 400) add(k, v);
  }
  if (typeof value === 'string' && /^https?:\/\/.*\/qr\//.test(value))
    add('token', decodeURIComponent(value.split('/').pop() ?? ''));
}

async function newBuyer(t: TestApp, seen: Seen): Promise<Buyer> {
  const account = `fuzz-${Date.now()}-${Math.floor(Math.random() * 1e6)}@demo.test`;
  await call(t, seen, 'POST', '/api/front/app/sendEmailcode', { email: account });
  const row = await t.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', account)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /(\d{6})/.exec(row.body)?.[1] ?? '';
  const reg = await call(t, seen, 'POST', '/api/front/app/register', {
    account,
    code,
    password: BUYER_PASSWORD,
  });
  const token = (reg.json.data as { token?: string } | null)?.token;
  if (!token) throw new Error(`could not register the fuzz buyer: ${JSON.stringify(reg.json)}`);
  harvest(seen.pools, { account, email: account, password: BUYER_PASSWORD });
  await call(t, seen, 'POST', '/api/front/app/login', { account, password: BUYER_PASSWORD });
  return { account, password: BUYER_PASSWORD, token };
}

/** Walks the shop as a buyer would so that the pools hold ids that exist (and are the buyer's). */
async function buyerJourney(t: TestApp, buyer: Buyer, seen: Seen): Promise<void> {
  const token = buyer.token;
  const { pools } = seen;
  const read = async (url: string, auth = false) =>
    (await call(t, seen, 'GET', url, undefined, auth ? token : undefined)).json.data as Schema | null;
  const post = async (url: string, body: Json) =>
    (await call(t, seen, 'POST', url, body, token)).json.data as Schema | null;
  for (const url of [
    '/api/front/app/config',
    '/api/front/category/list',
    '/api/front/zone/list',
    '/api/front/article/list?limit=100',
    '/api/front/customModule/list',
    '/api/front/swiper/list',
    '/api/front/region/list',
  ])
    await read(url);
  for (const id of pools.get('id') ?? []) {
    // Whichever of these ids exist answer 200 and become examples.
    if (typeof id !== 'number' || id > 30) continue;
    for (const url of [
      '/api/front/zone/detail',
      '/api/front/article/detail',
      '/api/front/customModule/goods',
    ])
      await read(`${url}?id=${id}`);
  }
  const search = (await read('/api/front/goods/search?limit=100')) as {
    list?: { id: number; category_id: number }[];
  } | null;
  type Detail = {
    id: number;
    recharge_type: number;
    skus: { id: number; in_stock: boolean }[];
    face_values: { face_value: number; in_stock: boolean }[];
    servers: { id: number }[];
  };
  const details: Detail[] = [];
  for (const g of search?.list ?? []) {
    const d = (await read(`/api/front/goods/detail?id=${g.id}`)) as Detail | null;
    if (d) details.push(d);
    await read(`/api/front/category/goods?id=${g.category_id}`);
    await read(
      `/api/front/goods/search?keyword=${encodeURIComponent(String((d as { name?: string } | null)?.name ?? '').slice(0, 2))}&category_id=${g.category_id}`,
    );
  }
  harvest(pools, { player_id: ['10086001', '10086404', '10086500', '10086202'] });

  // ¥50,000 through the sandbox Alipay recharge, as bench/checkout.mjs does.
  const recharge = (await post('/api/front/user/recharge', { amount: '50000', method: 'alipay' })) as {
    pay_url?: string;
  } | null;
  if (recharge?.pay_url) {
    const u = new URL(recharge.pay_url);
    const page = await t.app.inject({ url: u.pathname + u.search });
    const form = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
    if (form) {
      harvest(pools, { token: form });
      await t.app.inject({
        method: 'POST',
        url: '/sandbox/alipay/pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: form }).toString(),
      });
    }
  }
  await post('/api/front/user/recharge', { amount: '10', method: 'wechat' });
  for (const no of pools.get('no') ?? []) await read(`/api/front/user/recharge/status?no=${no}`, true);

  // Orders: a paid card-key order (delivered keys) and unpaid ones; cart lines; a ticket.
  const line = (d: Detail) =>
    d.skus.length > 0
      ? { goods_id: d.id, goods_sku_id: d.skus.find((s) => s.in_stock)?.id, num: 1 }
      : { goods_id: d.id, face_value: d.face_values.find((f) => f.in_stock)?.face_value, num: 1 };
  const inStock = (d: Detail) => [...d.skus, ...d.face_values].some((x) => x.in_stock);
  const cards = details.find((d) => d.recharge_type === 1 && inStock(d));
  const topUp = details.find((d) => d.recharge_type === 2 && d.servers.length > 0 && inStock(d));
  const topUpLine = topUp && { ...line(topUp), server_id: topUp.servers[0]!.id, player_id: '10086001' };
  if (topUp)
    await read(
      `/api/front/goods/player?goods_id=${topUp.id}&server_id=${topUp.servers[0]!.id}&player_id=10086001`,
    );
  if (cards) {
    for (const pay of [true, false]) {
      const oid = (await post('/api/front/order/create', { items: [line(cards)] }))?.oid;
      if (typeof oid !== 'string') continue;
      await read(`/api/front/order/detail?oid=${oid}`, true);
      await read(`/api/front/order/pay/status?oid=${oid}`, true);
      if (pay) {
        await post('/api/front/order/pay', { oid, method: 'balance' });
        const delivered = (await read(`/api/front/order/card?oid=${oid}`, true)) as {
          list?: { id: number }[];
        } | null;
        for (const card of delivered?.list ?? []) await post('/api/front/order/card/reveal', { id: card.id });
      }
    }
    await post('/api/front/goods/cart/add', { items: [line(cards)] });
  }
  if (topUpLine) await post('/api/front/goods/cart/add', { items: [topUpLine] });
  const cart = (await call(t, seen, 'GET', '/api/front/goods/cart/show', undefined, token)).json.data as
    { id: number; num: number }[] | null;
  if (cart?.[0]) {
    await post('/api/front/goods/cart/update', { id: cart[0].id, num: 2 });
    await post('/api/front/order/create', { cart_ids: [cart[0].id] });
  }
  if (topUpLine) await post('/api/front/goods/cart/add', { items: [topUpLine] });
  await read('/api/front/order/list?limit=100', true);
  const ticket = await post('/api/front/support/create', { subject: 'Fuzz', body: 'A ticket of the fuzzer' });
  if (typeof ticket?.id === 'number') {
    await read(`/api/front/support/detail?id=${ticket.id}`, true);
    await post('/api/front/support/reply', { id: ticket.id, body: 'More words' });
  }
  await read('/api/front/support/list', true);
  await read('/api/front/user/info', true);
  await post('/api/front/user/info', { nickname: 'Fuzzer' });
  await read('/api/front/user/balanceLog', true);
}

// ---------------------------------------------------------------------------------------------
// Values

function resolve(schema: Schema, root: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    const name = s.$ref.split('/').pop()!;
    s = ((root.components as Schema)?.schemas as Record<string, Schema>)?.[name] ?? {};
  }
  return s;
}

const LONG = 10_000;
const longStrings = fc.oneof(
  fc.constant('a'.repeat(LONG)),
  fc.constant('中'.repeat(LONG)),
  fc.constant(`${'9'.repeat(LONG)}`),
  fc.string({ minLength: 1, maxLength: 8 }).map((s) => s.repeat(Math.ceil(LONG / s.length)).slice(0, LONG)),
);
const nulStrings = fc
  .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
  .map(([a, b]) => `${a}\u0000${b}`);
const oddStrings = fc.constantFrom(
  '',
  ' ',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '"',
  '\\',
  '%',
  '_',
  '%00',
  '\ud800',
  '\udfff x',
  '\u202e\u200b',
  '😀👍🏽',
  '\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x1F',
  '00000000001',
  '9007199254740993',
  '99999999999999999999',
  ' 1 ',
  'true',
  '[]',
  '{}',
);
const edgeNumbers = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  1.5,
  -2.25,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  Number.MAX_SAFE_INTEGER + 2,
  -(Number.MAX_SAFE_INTEGER + 2),
  1e21,
  1e308,
  -1e308,
  5e-324,
);
/** Nested objects or arrays (deeper bodies are sent as raw text: `deep array` below). */
const deepValues = fc.tuple(fc.integer({ min: 50, max: 1000 }), fc.boolean()).map(([depth, arrays]) => {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});
const protoValues = fc.constantFrom(
  JSON.parse('{"__proto__":{"admin":true,"balance":999999}}') as Json,
  JSON.parse('{"constructor":{"prototype":{"admin":true}}}') as Json,
  JSON.parse('{"__proto__":null}') as Json,
);
const wrongTypes = fc.constantFrom<Json>(true, false, null, [], {}, [1, 2], { a: 1 }, 'abc', 123, -1.5);

type Hostile = { kind: string; value: Json };
/** Strings that break storage rather than validation: NUL bytes, 10,000 characters, odd text. */
const hostileString: fc.Arbitrary<Hostile> = fc.oneof(
  { weight: 2, arbitrary: nulStrings.map((value) => ({ kind: 'nul-string', value })) },
  { weight: 2, arbitrary: longStrings.map((value) => ({ kind: 'long-string', value })) },
  { weight: 1, arbitrary: oddStrings.map((value) => ({ kind: 'odd-string', value })) },
);
const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  wrongTypes.map((value) => ({ kind: 'wrong-type', value })),
  longStrings.map((value) => ({ kind: 'long-string', value })),
  nulStrings.map((value) => ({ kind: 'nul-string', value })),
  oddStrings.map((value) => ({ kind: 'odd-string', value })),
  edgeNumbers.map((value) => ({ kind: 'edge-number', value })),
  deepValues.map((value) => ({ kind: 'deep-nesting', value })),
  protoValues.map((value) => ({ kind: 'proto-key', value })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'random-json', value })),
);

function numberBounds(s: Schema) {
  const min =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + 1
        : -1000;
  const max =
    typeof s.maximum === 'number'
      ? s.maximum
      : typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum - 1
        : 100_000;
  return { min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

/** A value valid for `schema`, preferring values seen in the shop for a field called `name`. */
function validValue(schema: Schema, root: Schema, pools: Pools, name: string, depth = 0): fc.Arbitrary<Json> {
  const s = resolve(schema, root);
  const fromSchema = schemaValue(s, root, pools, depth);
  const pooled = [
    ...(pools.get(name) ?? []),
    ...(/(^|_)ids?$/.test(name) ? (pools.get('id') ?? []) : []),
  ].filter((v) => typeof v === typeOf(s));
  if (pooled.length === 0) return fromSchema;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pooled) }, { weight: 1, arbitrary: fromSchema });
}

function typeOf(s: Schema): string {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string') return 'string';
  if (Array.isArray(s.enum) && s.enum.length > 0) return typeof s.enum[0];
  return 'other';
}

function schemaValue(s: Schema, root: Schema, pools: Pools, depth: number): fc.Arbitrary<Json> {
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as Json[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((a) => validValue(a, root, pools, '', depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0)
    return validValue(s.allOf[0] as Schema, root, pools, '', depth);
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => schemaValue({ ...s, type }, root, pools, depth)));
  switch (types[0]) {
    case 'string': {
      const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
      const maxLength = typeof s.maxLength === 'number' ? s.maxLength : 40;
      if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= maxLength);
      if (typeof s.pattern === 'string') {
        let pattern: RegExp | undefined;
        try {
          pattern = new RegExp(s.pattern, 'u');
        } catch {
          pattern = undefined;
        }
        if (pattern) {
          const matching = pattern;
          const one = fc.stringMatching(matching);
          // One match of a repeated class ("^[…]+$") is mostly shorter than a minimum such as a
          // secret's 16: filtered, nearly every sample was refused and the fuzzer spun. Matches
          // joined together reach it where a join still matches (else the first match is kept:
          // no filter here that could refuse every sample).
          const joined = fc.array(one, { minLength: 2, maxLength: Math.max(2, minLength) }).map((parts) => {
            const whole = parts.join('');
            return matching.test(whole) ? whole : parts[0]!;
          });
          return (minLength > 1 ? fc.oneof(one, joined) : one).filter(
            (v) => v.length >= minLength && v.length <= maxLength,
          );
        }
      }
      return fc.string({
        minLength,
        maxLength: Math.min(maxLength, Math.max(minLength, 40)),
        unit: 'grapheme',
      });
    }
    case 'integer': {
      const { min, max } = numberBounds(s);
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.integer({
            min: Math.max(min, -10),
            max: Math.max(Math.min(max, 50), Math.max(min, -10)),
          }),
        },
        { weight: 1, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) },
      );
    }
    case 'number': {
      const { min, max } = numberBounds(s);
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.integer({
            min: Math.max(min, -10),
            max: Math.max(Math.min(max, 50), Math.max(min, -10)),
          }),
        },
        { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 5, Math.max(minLength, 5));
      const items = (s.items ?? {}) as Schema;
      return depth > 6
        ? fc.constant([])
        : fc.array(validValue(items, root, pools, '', depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      const names = Object.keys(properties);
      if (names.length === 0 || depth > 6)
        return typeof s.additionalProperties === 'object'
          ? fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 4 })
          : fc.constant({});
      const record: Record<string, fc.Arbitrary<Json>> = {};
      for (const n of names) record[n] = validValue(properties[n]!, root, pools, n, depth + 1);
      return fc.record(record, { requiredKeys: required.filter((r) => names.includes(r)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

type Draft = {
  query: Record<string, Json>;
  path: Record<string, Json>;
  headers: Record<string, string>;
  body: Json;
  hasBody: boolean;
  /** Raw text appended to the query string (hostile). */
  rawQuery: string;
  /** Replaces the JSON body text (hostile). */
  rawBody: string | Buffer | undefined;
  contentType: string | undefined;
};

const FORGED_TOKENS = [
  'forged-token',
  'a'.repeat(64),
  `Bearer ${'0'.repeat(64)}`,
  "' OR 1=1 --",
  'x'.repeat(LONG),
  '%00',
];

/** The arbitrary of one request to `op`. */
export function requestArb(
  op: Operation,
  root: Schema,
  pools: Pools,
  examples: Examples,
): fc.Arbitrary<FuzzRequest> {
  const query: Record<string, fc.Arbitrary<Json>> = {};
  for (const q of op.query) query[q.name] = validValue(q.schema, root, pools, q.name);
  const path: Record<string, fc.Arbitrary<Json>> = {};
  for (const p of op.pathParams) path[p.name] = validValue(p.schema, root, pools, p.name);
  const headers: Record<string, fc.Arbitrary<Json>> = {};
  for (const h of op.headerParams) headers[h.name] = fc.uuid();
  const generated = fc.record({
    query: fc.record(query, {
      requiredKeys: op.query.filter((q) => q.required).map((q) => q.name),
    }) as fc.Arbitrary<Record<string, Json>>,
    path: fc.record(path) as fc.Arbitrary<Record<string, Json>>,
    body: op.body ? validValue(op.body, root, pools, '') : fc.constant(undefined),
  });
  // Half of the valid requests start from what succeeded in the buyer journey, so that the
  // operations whose 2xx needs a coherent input (an order of in-stock goods) reach it too.
  const known = examples.get(`${op.method} ${op.path}`) ?? [];
  const base =
    known.length > 0
      ? fc.oneof(
          generated,
          fc
            .constantFrom(...known)
            .map((e) => ({ query: e.query as Record<string, Json>, path: {}, body: e.body })),
        )
      : generated;
  const valid = fc.record({
    base,
    headers: fc.record(headers, {
      requiredKeys: op.headerParams.filter((h) => h.required).map((h) => h.name),
    }),
    locale: fc.constantFrom(undefined, 'zh-CN', 'en'),
    currency: fc.constantFrom(undefined, 'CNY', 'USD'),
  });
  const tokenKind = fc.constantFrom<FuzzRequest['token']>(
    'valid',
    'valid',
    'valid',
    'valid',
    'none',
    'none',
    'forged',
  );
  return fc
    .tuple(
      valid,
      tokenKind,
      // Without fast-check's bias to small and extreme values: the variants keep their shares.
      fc.noBias(fc.integer({ min: 0, max: 99 })),
      fc.noBias(fc.nat()),
      fc.noBias(fc.nat()),
      fc.noBias(fc.nat()),
      hostileValue,
      hostileString,
    )
    .map(([v, token, roll, pick, pick2, pick3, hostile, text]) => {
      const draft: Draft = {
        query: { ...v.base.query },
        path: { ...v.base.path },
        headers: Object.fromEntries(Object.entries(v.headers).map(([k, x]) => [k, String(x)])) as Record<
          string,
          string
        >,
        body: v.base.body === undefined ? undefined : structuredClone(v.base.body),
        hasBody: op.method !== 'GET',
        rawQuery: '',
        rawBody: undefined,
        contentType:
          op.method === 'GET'
            ? undefined
            : op.multipart
              ? 'multipart/form-data; boundary=fuzz'
              : 'application/json',
      };
      if (v.locale) draft.headers.locale = v.locale;
      if (v.currency) draft.headers.currency = v.currency;
      if (op.multipart) draft.rawBody = multipartBody(pick);
      if (op.extra && op.only4xx && op.method === 'POST') draft.rawBody = notifyBody(op, v.base.body, pick);
      // 40 % valid, 60 % hostile, spread over the variants.
      let kind = 'valid';
      let note = '';
      if (roll >= 40) {
        [kind, note] = mutate(op, draft, roll, pick, pick2, pick3, hostile, text);
      }
      return {
        op,
        kind,
        token,
        method: op.method,
        url: urlOf(op, draft),
        headers: draft.headers,
        payload: payloadOf(draft),
        note,
      };
    });
}

/** Alters one part of the draft; answers [variant, note]. */
function mutate(
  op: Operation,
  d: Draft,
  roll: number,
  pick: number,
  pick2: number,
  pick3: number,
  hostile: Hostile,
  text: Hostile,
): [string, string] {
  const slots = slotsOf(op, d);
  if (roll < 55 && slots.length > 0) {
    // One field gets a hostile value.
    const slot = slots[pick % slots.length]!;
    setAt(d, slot, hostile.value);
    return [hostile.kind, `${slot.join('.')} = ${show(hostile.value)}`];
  }
  if (roll < 70 && slots.length > 0) {
    // Every scalar field at once gets the same hostile string: a NUL byte or 10,000 characters
    // must be refused by every field's check, not only by the one a single-field request hits.
    const scalars = slots.filter((slot) => {
      if (slot[0] === 'headers' || slot.length < 2) return false;
      const value = valueAt(d, slot);
      return value === undefined || value === null || typeof value !== 'object';
    });
    for (const slot of scalars) setAt(d, slot, text.value);
    return [
      `${text.kind} (every field)`,
      `${scalars.map((x) => x.slice(1).join('.')).join(', ')} = ${show(text.value)}`,
    ];
  }
  if (roll < 78) {
    // A required field is left out (or every field).
    const present = slots.filter((s) => s.length === 2 && s[0] !== 'headers');
    if (present.length === 0 || pick2 % 5 === 0) {
      d.query = {};
      d.body = d.hasBody ? {} : undefined;
      return ['missing-field', 'every field left out'];
    }
    const slot = present[pick % present.length]!;
    deleteAt(d, slot);
    return ['missing-field', `${slot.join('.')} left out`];
  }
  if (roll < 84) {
    // Keys that pollute prototypes, in the body and in the query.
    const extra = [
      ['__proto__', { admin: true }],
      ['constructor', { prototype: { admin: true } }],
      ['prototype', 1],
      ['user_id', 1],
      ['price', '0.01'],
    ] as const;
    const [key, value] = extra[pick % extra.length]!;
    if (
      d.hasBody &&
      (d.body === undefined || (typeof d.body === 'object' && d.body && !Array.isArray(d.body)))
    ) {
      const text = JSON.stringify(d.body ?? {});
      d.rawBody = `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(value)}}`;
    }
    d.rawQuery = `${encodeURIComponent(key)}=${encodeURIComponent(JSON.stringify(value))}&${key}[admin]=1`;
    return ['proto-key', `extra key ${key}`];
  }
  if (roll < 92 && d.hasBody) {
    // The body itself is broken.
    const bodies: [string, string | Buffer, string | undefined][] = [
      ['invalid JSON', '{"a":', 'application/json'],
      ['empty body', '', 'application/json'],
      ['JSON array', '[]', 'application/json'],
      ['JSON string', '"x"', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['JSON number', '1e400', 'application/json'],
      ['text/plain', 'hello', 'text/plain'],
      ['form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
      ['xml', '<?xml version="1.0"?><a/>', 'application/xml'],
      ['binary', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]), 'application/json'],
      ['no content type', JSON.stringify(d.body ?? {}), undefined],
      [
        'multipart garbage',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        'multipart/form-data; boundary=x',
      ],
      ['deep array', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, 'application/json'],
      [
        'bad utf-8',
        Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
        'application/json',
      ],
    ];
    const [note, raw, type] = bodies[pick2 % bodies.length]!;
    d.rawBody = raw;
    d.contentType = type;
    return ['bad-body', note];
  }
  if (roll < 96) {
    // Broken query strings.
    const raws = [
      '%zz',
      '%',
      '%E0%A4%A',
      'id=1&id=2&page=1&page=2',
      'a[b][c]=1',
      '&&&=&=',
      'page=%00',
      `keyword=${'%41'.repeat(3000)}`,
    ];
    d.rawQuery = raws[pick3 % raws.length]!;
    for (const name of Object.keys(d.query)) if (pick % 2 === 0) delete d.query[name];
    return ['bad-query', d.rawQuery.slice(0, 60)];
  }
  // Odd headers.
  const headers: [string, string][] = [
    ['locale', 'xx-XX'],
    ['locale', 'a'.repeat(LONG)],
    ['currency', 'BTC'],
    ['currency', ''],
    ['accept-language', '*;q=abc'],
    ['idempotency-key', 'k'.repeat(LONG)],
    ['idempotency-key', ''],
    ['content-length', '5'],
    ['x-forwarded-for', '1.2.3.4, ::1, garbage'],
    ['cookie', `language=${'e'.repeat(500)}`],
  ];
  const [name, value] = headers[pick2 % headers.length]!;
  d.headers[name] = value;
  return ['bad-header', `${name}: ${value.length > 40 ? `<${value.length} chars>` : value}`];
}

type Slot = string[];

function slotsOf(op: Operation, d: Draft): Slot[] {
  const slots: Slot[] = [];
  for (const q of op.query) slots.push(['query', q.name]);
  for (const p of op.pathParams) slots.push(['path', p.name]);
  for (const h of op.headerParams) slots.push(['headers', h.name]);
  if (d.hasBody && !op.multipart) {
    slots.push(['body']);
    const walk = (v: Json, at: Slot, depth: number) => {
      if (depth > 3 || !v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v as Schema)) {
        slots.push([...at, k]);
        walk(x, [...at, k], depth + 1);
      }
    };
    walk(d.body, ['body'], 0);
    // Declared but absent top-level fields can be hostile too.
    const props = Object.keys(((resolveShallow(op.body) ?? {}).properties ?? {}) as Schema);
    for (const k of props)
      if (!slots.some((s) => s.length === 2 && s[0] === 'body' && s[1] === k)) slots.push(['body', k]);
  }
  return slots;
}

function resolveShallow(s: Schema | undefined): Schema | undefined {
  const alternatives = s?.anyOf as Schema[] | undefined;
  return alternatives?.[0] ?? s;
}

function setAt(d: Draft, slot: Slot, value: Json) {
  const [area, ...rest] = slot;
  if (area === 'headers') {
    d.headers[rest[0]!] = typeof value === 'string' ? headerSafe(value) : (JSON.stringify(value) ?? '');
    return;
  }
  if (area === 'body' && rest.length === 0) {
    d.body = value;
    return;
  }
  if (area === 'body' && (d.body === null || typeof d.body !== 'object')) d.body = {};
  let target = (area === 'query' ? d.query : area === 'path' ? d.path : d.body) as Record<string, Json>;
  for (const k of rest.slice(0, -1)) {
    const next = target[k];
    if (!next || typeof next !== 'object') target[k] = {};
    target = target[k] as Record<string, Json>;
  }
  target[rest.at(-1)!] = value;
}

function valueAt(d: Draft, slot: Slot): Json {
  const [area, ...rest] = slot;
  let v: Json = area === 'query' ? d.query : area === 'path' ? d.path : d.body;
  for (const k of rest) v = v && typeof v === 'object' ? (v as Record<string, Json>)[k] : undefined;
  return v;
}

function deleteAt(d: Draft, slot: Slot) {
  const [area, ...rest] = slot;
  if (area === 'body' && rest.length === 0) {
    d.body = undefined;
    return;
  }
  let target = (area === 'query' ? d.query : area === 'path' ? d.path : d.body) as
    Record<string, Json> | undefined;
  for (const k of rest.slice(0, -1)) target = target?.[k] as Record<string, Json> | undefined;
  if (target && typeof target === 'object') delete target[rest.at(-1)!];
}

/** Header values cannot carry control characters or non-Latin-1 text on the wire. */
function headerSafe(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?');
}

function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    // Lone surrogates: sent as the bytes a broken client would send.
    return [...v].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

function wire(v: Json): string[] {
  if (v === undefined) return [];
  if (Array.isArray(v))
    return v.length === 0
      ? ['']
      : v.map((x) => (typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)));
  if (v !== null && typeof v === 'object') return [JSON.stringify(v)];
  return [String(v)];
}

function urlOf(op: Operation, d: Draft): string {
  let path = op.path;
  for (const p of op.pathParams) {
    const value = wire(d.path[p.name])[0] ?? '';
    path = path.replace(`{${p.name}}`, value === '' ? '' : encode(value));
  }
  const parts: string[] = [];
  for (const [k, v] of Object.entries(d.query))
    for (const w of wire(v)) parts.push(`${encode(k)}=${encode(w)}`);
  if (d.rawQuery) parts.push(d.rawQuery);
  return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
}

function payloadOf(d: Draft): string | Buffer | undefined {
  if (!d.hasBody) return undefined;
  if (d.contentType) d.headers['content-type'] = d.contentType;
  if (d.rawBody !== undefined) return d.rawBody;
  return d.body === undefined ? '' : JSON.stringify(d.body);
}

function multipartBody(pick: number): string {
  const fields = [
    ['key', pick % 2 ? 'uploads/1/x.png' : '../../etc/passwd'],
    ['policy', 'eyJleHAiOjB9'],
    ['signature', 'forged'],
    ['Content-Type', 'image/png'],
  ];
  const parts = fields.map(
    ([n, v]) => `--fuzz\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`,
  );
  return `${parts.join('')}--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--fuzz--\r\n`;
}

/** An unsigned notification: Alipay posts a form, WeChat Pay posts JSON. */
function notifyBody(op: Operation, body: Json, pick: number): string {
  const fields = {
    out_trade_no: String(pick),
    trade_status: 'TRADE_SUCCESS',
    total_amount: '0.01',
    ...(body && typeof body === 'object' ? (body as Record<string, string>) : {}),
  };
  if (op.path.endsWith('alipay'))
    return new URLSearchParams(
      Object.entries(fields).map(([k, v]) => [k, String(v)] as [string, string]),
    ).toString();
  return JSON.stringify({
    id: String(pick),
    event_type: 'TRANSACTION.SUCCESS',
    resource: { ciphertext: 'x', ...fields },
  });
}

/** A value shortened for a report line. */
export function show(v: Json): string {
  if (typeof v === 'string') {
    const nul = v.includes('\u0000') ? ' with NUL' : '';
    return v.length > 60
      ? `<${v.length}-char string${nul} ${JSON.stringify(v.slice(0, 12))}…>`
      : JSON.stringify(v);
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch {
    text = String(v);
  }
  if (text === undefined) return String(v);
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return text.length > 80 ? `<${text.length} chars of JSON ${text.slice(0, 30)}…>` : text;
}

// ---------------------------------------------------------------------------------------------
// Running

/** The request of index `index` of a run with `seed`: a failure can be replayed alone. */
export function requestAt(
  target: FuzzTarget,
  root: Schema,
  seed: number,
  index: number,
  cache = new Map<Operation, fc.Arbitrary<FuzzRequest>>(),
): FuzzRequest {
  const op = target.ops[index % target.ops.length]!;
  let arb = cache.get(op);
  if (!arb) cache.set(op, (arb = requestArb(op, root, target.pools, target.examples)));
  const [request] = fc.sample(arb, { seed: (seed + index) | 0, numRuns: 1 });
  return request!;
}

export async function runFuzz(
  target: FuzzTarget,
  options: { seed: number; requests: number; progress?: (done: number, report: FuzzReport) => void },
): Promise<FuzzReport> {
  const started = Date.now();
  const { t } = target;
  const root = (await t.app.inject({ url: '/api/openapi.json' })).json() as Schema;
  const report: FuzzReport = {
    engine: target.engine,
    seed: options.seed,
    requests: 0,
    status5xx: 0,
    envelopeMismatches: 0,
    schemaMismatches: 0,
    failures: [],
    coverage: new Map(),
    millis: 0,
  };
  const byKey = new Map<string, Failure>();
  const arbs = new Map<Operation, fc.Arbitrary<FuzzRequest>>();
  for (let index = 0; index < options.requests; index++) {
    const request = requestAt(target, root, options.seed, index, arbs);
    const headers = { ...request.headers };
    if (request.token === 'valid') headers.authorization = target.buyer.token;
    else if (request.token === 'forged')
      headers.authorization = headerSafe(FORGED_TOKENS[index % FORGED_TOKENS.length]!);
    let status: number;
    let text: string;
    let type: string;
    try {
      const res = await t.app.inject({
        method: request.method,
        url: request.url,
        headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      status = res.statusCode;
      text = res.body;
      type = String(res.headers['content-type'] ?? '');
    } catch (error) {
      // light-my-request refuses some inputs before the app sees them; that is no answer of ours.
      status = 0;
      text = String(error);
      type = '';
    }
    report.requests++;
    const cov = report.coverage.get(request.op.id) ?? { requests: 0, ok: 0, client: 0, server: 0 };
    cov.requests++;
    if (status >= 200 && status < 300) cov.ok++;
    else if (status >= 400 && status < 500) cov.client++;
    else if (status >= 500) cov.server++;
    report.coverage.set(request.op.id, cov);

    for (const problem of check(request.op, status, text, type)) {
      if (problem.check === 'status>=500') report.status5xx++;
      else if (problem.check === 'schema') report.schemaMismatches++;
      else report.envelopeMismatches++;
      const key = `${problem.check}|${request.op.id}|${request.kind}|${status}`;
      const seen = byKey.get(key);
      if (seen) seen.count++;
      else
        byKey.set(key, {
          ...problem,
          op: request.op.id,
          kind: request.kind,
          status,
          example: describeRequest(request),
          seed: options.seed,
          index,
          count: 1,
        });
    }
    // Logging out (or a password change) ends the buyer's token: log in again.
    if (
      status >= 200 &&
      status < 300 &&
      request.token === 'valid' &&
      /\/app\/(logout|setPassword)$/.test(request.op.path)
    )
      await relogin(target);
    options.progress?.(index + 1, report);
  }
  report.failures = [...byKey.values()];
  report.millis = Date.now() - started;
  return report;
}

async function relogin(target: FuzzTarget): Promise<void> {
  const login = await call(target.t, undefined, 'POST', '/api/front/app/login', {
    account: target.buyer.account,
    password: target.buyer.password,
  });
  const token = (login.json.data as { token?: string } | null)?.token;
  if (token) target.buyer.token = token;
  else target.buyer = await newBuyer(target.t, target);
}

type Problem = { check: string; msg: string; detail: string };

/** The guarantees every answer keeps (ARCHITECTURE.md §4, §6 rule 3). */
export function check(op: Operation, status: number, text: string, type: string): Problem[] {
  const problems: Problem[] = [];
  let body: Json;
  let parsed = false;
  try {
    body = JSON.parse(text);
    parsed = true;
  } catch {
    body = undefined;
  }
  const msg =
    parsed && body && typeof body === 'object' && typeof (body as Schema).msg === 'string'
      ? ((body as Schema).msg as string)
      : '';
  if (status >= 500 || status === 0) problems.push({ check: 'status>=500', msg, detail: text.slice(0, 200) });
  if (op.only4xx && (status < 400 || status >= 500))
    problems.push({ check: 'not 4xx', msg, detail: `status ${status}` });
  if (!op.envelope) return problems;
  const problem = (detail: string) => problems.push({ check: 'envelope', msg, detail });
  if (!parsed || !body || typeof body !== 'object' || Array.isArray(body)) {
    problem(`not a JSON object (${type}): ${text.slice(0, 80)}`);
    return problems;
  }
  const e = body as Schema;
  const ok = status >= 200 && status < 300;
  const keys = Object.keys(e);
  const allowed = ok ? op.envelopeKeys : ['code', 'msg', 'data'];
  if (!['code', 'msg', 'data'].every((k) => keys.includes(k)) || keys.some((k) => !allowed.includes(k)))
    problem(`keys ${keys.join(',')}`);
  if (!type.startsWith('application/json')) problem(`content-type ${type}`);
  if (typeof e.msg !== 'string' || e.msg.trim() === '') problem('msg is not a non-empty string');
  const code = e.code;
  if (typeof code !== 'number' || !Number.isInteger(code)) problem(`code ${JSON.stringify(code)}`);
  else if (ok ? code !== 200 : code !== status && !op.businessCodes.includes(code))
    problem(`code ${code} with HTTP ${status}`);
  if (!ok && e.data !== null && e.data !== undefined) problem('data of a failure is not null');
  if (ok && op.validate && !op.validate(body)) {
    const err = op.validate.errors?.[0];
    problems.push({
      check: 'schema',
      msg,
      detail: `${err?.instancePath || '/'} ${err?.message ?? ''} ${err?.params ? JSON.stringify(err.params) : ''}`,
    });
  }
  return problems;
}

function describeRequest(r: FuzzRequest): string {
  const url = r.url.length > 160 ? `${r.url.slice(0, 120)}…<${r.url.length} chars>` : r.url;
  let body = '';
  if (typeof r.payload === 'string')
    body =
      r.payload.length > 160
        ? ` body <${r.payload.length} chars> ${show(r.payload.slice(0, 100))}…`
        : ` body ${r.payload}`;
  else if (r.payload) body = ` body <${r.payload.length} bytes>`;
  const note = r.note ? ` [${r.note}]` : '';
  return `${r.method} ${url}${body}${note} (token: ${r.token})`;
}

/** One line per distinct failure: what, where, how often, and how to replay it. */
export function formatFailure(f: Failure): string {
  return `${f.check}: ${f.op} (${f.kind}) → HTTP ${f.status} msg ${JSON.stringify(f.msg)} — ${f.detail.trim()} ×${f.count}; e.g. ${f.example}; replay: seed ${f.seed} index ${f.index}`;
}

export function formatCoverage(report: FuzzReport): string {
  const rows = [...report.coverage.entries()].sort(([a], [b]) => a.localeCompare(b));
  return rows
    .map(
      ([op, c]) =>
        `  ${op.padEnd(52)} ${String(c.requests).padStart(5)} sent ${String(c.ok).padStart(5)} 2xx ${String(c.client).padStart(5)} 4xx ${String(c.server).padStart(4)} 5xx`,
    )
    .join('\n');
}

import { Readable } from 'node:stream';
import { operatorRoles } from '@ops/contract';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, testPublicUrl, type TestApp } from '../../test/app';
import type { FastifyInstance } from 'fastify';
import { servePortalApp, signInToPortal, testPortalUrl } from '../../test/portal';
import { loadCountries } from '../seed/countries';
import { findUnstorableText, maxNestingDepth } from '../lib/storable-text';
import { seedDemo } from '../seed/demo';
import type { ErrorBody } from '../../test/requests';

/**
 * Issue 13, weakness 11: a NUL character in a path parameter reached PostgreSQL, which refused
 * it (a 500 on 23 routes). Every string the API accepts is now refused with a 400 naming the
 * field when it holds NUL or a lone surrogate (http/input-guard.ts), CSV cells included
 * (uploads/rows.ts); and the barrage below sends every operation of the OpenAPI document
 * the inputs an attacker would try, asserting that none earns a 5xx.
 */

const writeHeaders = { origin: testPublicUrl };

describe('findUnstorableText', () => {
  it('names the first bad string in document order, keys included', () => {
    expect(findUnstorableText({ a: ['ok', '😀', 'x\u0000'], b: '\u0000' }, 'body')).toEqual({
      path: 'body.a.2',
      problem: { rule: 'nul-character', message: expect.any(String) },
    });
    expect(findUnstorableText({ a: { '\udfff': 1 } }, 'body')?.path).toBe('body.a.\ufffd');
    expect(findUnstorableText({ a: [{ b: 'Zürich 😀' }], c: 1, d: null }, 'body')).toBeNull();
  });

  it('walks parsed bags, null prototypes included, but not streams or buffers', () => {
    const query = Object.assign(Object.create(null) as object, { q: 'a\ud800' });
    expect(findUnstorableText(query, 'query')?.path).toBe('query.q');
    expect(findUnstorableText(Readable.from(['\u0000']), 'body')).toBeNull();
    expect(findUnstorableText({ file: Buffer.from([0]) }, 'body')).toBeNull();
  });
});

describe('strings PostgreSQL cannot store are refused, naming the field', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'guarded@example.org', [...operatorRoles]);
  });
  afterAll(() => t.close());

  const expectRefusedAt = (
    response: { statusCode: number; json(): unknown },
    path: string,
    rule: string,
  ) => {
    expect(response.statusCode).toBe(400);
    const body = response.json() as ErrorBody;
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.issues).toEqual([{ path, rule, message: expect.any(String) }]);
    expect(body.error.message).toContain(path);
  };

  it.each([
    ['GET', '/api/users/%00x'],
    ['GET', '/api/operators/%00x'],
    ['POST', '/api/users/%00x/disable'],
  ] as const)('%s %s: 400 naming params.uid', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { cookie, ...writeHeaders },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expectRefusedAt(response, 'params.uid', 'nul-character');
  });

  it('refuses a NUL in a body string, however deep, naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk/disabled',
      headers: { cookie, ...writeHeaders },
      payload: {
        selection: { kind: 'ids', ids: ['AbCdEfGhIjKlMnOpQrSt', 'x\u0000'] },
        disabled: true,
      },
    });
    expectRefusedAt(response, 'body.selection.ids.1', 'nul-character');
  });

  it('refuses a lone surrogate in a body string and in an object key', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/countries/CH',
      headers: { cookie, ...writeHeaders, 'content-type': 'application/json' },
      // JSON escapes a lone surrogate; JSON.parse hands it over as is.
      payload: '{"version":1,"nationalAssociationMid":"Z\\ud800rich"}',
    });
    expectRefusedAt(patched, 'body.nationalAssociationMid', 'lone-surrogate');
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk/disabled',
      headers: { cookie, ...writeHeaders, 'content-type': 'application/json' },
      payload: '{"disabled":true,"selection":{"kind":"ids","ids":["a"],"\\udc00":1}}',
    });
    expectRefusedAt(keyed, 'body.selection.\ufffd', 'lone-surrogate');
  });

  it('refuses a NUL in the query, in a value or a name', async () => {
    expectRefusedAt(
      await t.app.inject({ url: '/api/members?q=Alp%00ine', headers: { cookie } }),
      'query.q',
      'nul-character',
    );
    expectRefusedAt(
      await t.app.inject({ url: '/api/members?q=a&sort%00=1', headers: { cookie } }),
      'query.sort\ufffd',
      'nul-character',
    );
  });

  it('never lets a lone surrogate arrive through the query string', async () => {
    // A URL carries bytes: the nearest thing to a lone surrogate is its invalid UTF-8
    // (CESU-8), which Fastify's query parser keeps as the literal text it was sent as.
    const response = await t.app.inject({ url: '/api/members?q=%ED%A0%80', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    // In the parsed query (what the guard walks), a lone surrogate is refused like a NUL.
    expect(findUnstorableText({ q: 'Z\ud800rich' }, 'query')).toEqual({
      path: 'query.q',
      problem: { rule: 'lone-surrogate', message: expect.any(String) },
    });
    // In the path, the same bytes are not a valid URL component: refused before any route,
    // in the one error shape and with the security headers.
    const inPath = await t.app.inject({ url: '/api/users/%ED%A0%80', headers: { cookie } });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    expect(inPath.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a NUL in a header', async () => {
    // Node's HTTP parser refuses such a request itself; injected requests skip that parser.
    const response = await t.app.inject({
      url: '/api/members',
      headers: { cookie, 'x-note': 'a\u0000b' },
    });
    expectRefusedAt(response, 'headers.x-note', 'nul-character');
  });

  it('refuses a body nested deeper than any request needs, without overflowing the stack', async () => {
    const levels = 10_000;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk/disabled',
      headers: { cookie, ...writeHeaders, 'content-type': 'application/json' },
      payload: `{"disabled":true,"selection":${'['.repeat(levels)}${']'.repeat(levels)}}`,
    });
    expect(response.statusCode).toBe(400);
    const issue = (response.json() as ErrorBody).error.issues?.[0];
    expect(issue?.rule).toBe('nesting-depth');
    expect(issue?.path.startsWith('body.selection.0.0')).toBe(true);
    expect(issue?.path.split('.')).toHaveLength(maxNestingDepth + 1);
  });

  it('answers the search service and the callable function in their own 400 shapes', async () => {
    const called = await t.app.inject({
      method: 'POST',
      url: '/functions/searchParams',
      headers: { cookie, ...writeHeaders },
      payload: { data: { note: 'a\u0000' } },
    });
    expect(called.statusCode).toBe(400);
    expect(called.json()).toMatchObject({
      error: {
        status: 'INVALID_ARGUMENT',
        details: [{ path: 'body.data.note', rule: 'nul-character' }],
      },
    });

    const { result } = (
      await t.app.inject({
        method: 'POST',
        url: '/functions/searchParams',
        headers: { cookie, ...writeHeaders },
        payload: { data: {} },
      })
    ).json<{ result: { apiKey: string; index: string } }>();
    const searched = await t.app.inject({
      method: 'POST',
      url: `/indexes/${result.index}/search`,
      headers: { authorization: `Bearer ${result.apiKey}`, ...writeHeaders },
      payload: { q: 'Alp\u0000ine' },
    });
    expect(searched.statusCode).toBe(400);
    expect(searched.json()).toMatchObject({
      code: expect.any(String),
      type: 'invalid_request',
      message: expect.stringContaining('body.q'),
    });
  });

  it('refuses a CSV row whose mapped cell holds NUL, naming the column', async () => {
    const file = [
      'Membership number,Legal name,Category,Status',
      'U-0001,Alpine\u0000 Freight AG,individual,active',
      'U-0002,Baltic Cargo Ltd,individual,active',
    ].join('\r\n');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/members/uploads?filename=members.csv',
      headers: { cookie, ...writeHeaders, 'content-type': 'text/csv' },
      payload: Buffer.from(`${file}\r\n`, 'utf8'),
    });
    expect(uploaded.statusCode).toBe(201);
    const { id, mapping } = uploaded.json<{ id: string; mapping: Record<string, number> }>();
    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/members/uploads/${id}/validate`,
      headers: { cookie, ...writeHeaders },
      payload: { mapping },
    });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toMatchObject({ validation: { rows: 2, valid: 1, invalid: 1 } });
    const rows = await t.app.inject({
      url: `/api/members/uploads/${id}/invalid-rows`,
      headers: { cookie },
    });
    expect(rows.json()).toEqual({
      data: [
        {
          line: 2,
          reason: 'Legal name must not contain the NUL character (U+0000)',
          values: ['U-0001', 'Alpine Freight AG', 'individual', 'active'],
        },
      ],
      nextAfter: null,
    });
  });

  it('refuses a CSV file whose header holds NUL, naming the column', async () => {
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/members/uploads?filename=members.csv',
      headers: { cookie, ...writeHeaders, 'content-type': 'text/csv' },
      payload: Buffer.from('Membership number,Legal\u0000 name\r\nU-0001,Alpine\u0000\r\n', 'utf8'),
    });
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json()).toEqual({
      error: {
        code: 'invalid-argument',
        message: 'The name of column 2 must not contain the NUL character (U+0000).',
        issues: [{ path: 'body', rule: 'nul-character', message: expect.any(String) }],
      },
    });
  });
});

// ---- The barrage ---------------------------------------------------------------------------

type Schema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/**
 * A value the schema would likely take, so that the one bad field of a probe is what the
 * server judges; `schemas` receives the schema of each place (`body.lines.0.quantity`).
 */
function plausible(
  schema: Schema | undefined,
  name: string,
  path = name,
  schemas?: Map<string, Schema>,
): unknown {
  if (!schema) return 'AbCdEfGhIjKlMnOpQrSt';
  const alternative = schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema.allOf?.[0];
  if (alternative) return plausible(alternative, name, path, schemas);
  schemas?.set(path, schema);
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, (_, index) =>
        plausible(schema.items, name, `${path}.${index}`, schemas),
      );
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          plausible(value, key, `${path}.${key}`, schemas),
        ]),
      );
    default:
      if (schema.format === 'email' || /email/i.test(name)) return 'someone@example.org';
      if (schema.format === 'date-time') return '2026-01-15T12:00:00.000Z';
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2026-01-15';
      if (schema.pattern?.startsWith('^[a-z_]+')) return 'members';
      if (schema.pattern === '^[A-Z]{3}$') return 'CHF';
      if (schema.format === 'uri' || /url$/i.test(name)) return `${testPublicUrl}/members`;
      return 'AbCdEfGhIjKlMnOpQrSt'
        .padEnd(schema.minLength ?? 0, 'x')
        .slice(0, Math.max(schema.maxLength ?? 20, 1));
  }
}

type Path = (string | number)[];

/** Every place in a value (not the value itself), parents before their children. */
function placesOf(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (typeof value !== 'object' || value === null) return [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => [
    { path: [...path, key], value: item },
    ...placesOf(item, [...path, key]),
  ]);
}

/** A marker replaced in the JSON text by what JSON.stringify cannot write (a deep array). */
const rawMarker = '\u0001raw\u0001';

/** The JSON text of `body` with the value at `path` replaced by `value` (or by raw JSON). */
function jsonWith(body: unknown, path: Path, value: unknown, raw?: string): string {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1) as string | number] = raw === undefined ? value : rawMarker;
  const text = JSON.stringify(copy);
  return raw === undefined ? text : text.replace(JSON.stringify(rawMarker), raw);
}

/** `{"<key>": <value>, ...body}` as JSON text: in an object literal, `__proto__` is no key. */
function withKeyFirst(body: unknown, key: string, value: string): string {
  const rest = JSON.stringify(body).slice(1);
  return `{${JSON.stringify(key)}:${value}${rest === '}' ? '' : ','}${rest}`;
}

const deepLevels = 10_000;
const deepArray = `${'['.repeat(deepLevels)}${']'.repeat(deepLevels)}`;
const hugeText = 'x'.repeat(100_000);
const prototypeKeys = ['__proto__', 'constructor', 'prototype'];
const pollution = '{"polluted":true,"prototype":{"polluted":true}}';

type Probe = {
  /** What is wrong with the request, for the failure message. */
  label: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  /** The field holding NUL or a lone surrogate: it must be refused with a 400 naming it. */
  refusedAt?: string;
};

/** Bad values of one path parameter, as URL text. */
function pathValues(name: string): { label: string; text: string; refusedAt?: string }[] {
  return [
    { label: 'NUL', text: 'a%00b', refusedAt: `params.${name}` },
    { label: 'lone surrogate (CESU-8)', text: '%ED%A0%80' },
    { label: '100 kB', text: hugeText },
    { label: 'number-like', text: '-1e309' },
    { label: 'unsafe integer', text: '9007199254740993' },
    { label: 'emoji', text: '%F0%9F%98%80' },
    { label: 'dot segments', text: '..%2F..%2Fetc' },
    ...prototypeKeys.map((key) => ({ label: key, text: key })),
  ];
}

/** Bad values of one query parameter, as `name=…` pairs. */
function queryValues(name: string, schema: Schema | undefined) {
  const values: { label: string; text: string; refusedAt?: string }[] = [
    { label: 'NUL', text: `${name}=a%00b`, refusedAt: `query.${name}` },
    { label: 'lone surrogate (CESU-8)', text: `${name}=%ED%A0%80` },
    { label: '100 kB', text: `${name}=${hugeText}` },
    { label: 'repeated (an array)', text: `${name}=a&${name}=b` },
    { label: 'bracketed (an object)', text: `${name}[__proto__][polluted]=1` },
    { label: 'empty', text: `${name}=` },
  ];
  if (schema?.maxLength) {
    values.push({ label: 'longest allowed', text: `${name}=${'x'.repeat(schema.maxLength)}` });
  }
  if (schema?.type === 'integer' || schema?.type === 'number') {
    values.push(
      { label: 'not a number', text: `${name}=abc` },
      { label: 'huge number', text: `${name}=1e309` },
      { label: 'unsafe integer', text: `${name}=9007199254740993` },
      { label: 'negative', text: `${name}=-1` },
    );
    if (schema.maximum !== undefined) {
      values.push({ label: 'largest allowed', text: `${name}=${schema.maximum}` });
    }
  }
  return values;
}

/** Wrong values for one place of a JSON body, by what is there and what its schema allows. */
function bodyValues(
  value: unknown,
  schema: Schema | undefined,
): { label: string; value?: unknown; raw?: string }[] {
  const common = [
    { label: 'deep array', raw: deepArray },
    { label: 'null', value: null },
    { label: 'object', value: { polluted: 1 } },
  ];
  if (typeof value === 'string') {
    return [
      { label: '100 kB', value: hugeText },
      ...(schema?.maxLength
        ? [{ label: 'longest allowed', value: 'x'.repeat(schema.maxLength) }]
        : []),
      { label: 'number', value: 12345 },
      { label: 'array', value: [value] },
      ...common,
    ];
  }
  if (typeof value === 'number') {
    return [
      { label: 'string', value: String(value) },
      { label: 'huge', value: 1e308 },
      { label: 'unsafe integer', raw: '9007199254740993' },
      { label: 'negative', value: -1 },
      { label: 'fraction', value: 0.5 },
      ...(schema?.maximum === undefined
        ? []
        : [{ label: 'largest allowed', value: schema.maximum }]),
      ...(schema?.minimum === undefined
        ? []
        : [{ label: 'smallest allowed', value: schema.minimum }]),
      ...common,
    ];
  }
  if (Array.isArray(value)) {
    return [
      { label: 'object for an array', value: { 0: value[0] } },
      { label: 'string for an array', value: 'a' },
      { label: '10,000 items', value: Array.from({ length: 10_000 }, () => value[0] ?? 'a') },
      ...common,
    ];
  }
  if (typeof value === 'object' && value !== null) {
    return [
      { label: 'array for an object', value: [value] },
      { label: 'string for an object', value: 'a' },
      ...prototypeKeys.map((key) => ({ label: `${key} key`, raw: `{"${key}":${pollution}}` })),
      ...common,
    ];
  }
  return [{ label: 'string', value: String(value) }, ...common];
}

function jsonProbe(label: string, payload: string, refusedAt?: string): Probe {
  return { label, url: '', contentType: 'application/json', payload, refusedAt };
}

/** A plausible JSON body, then each place of it wrong in one way at a time. */
function bodyProbes(body: unknown, schemas: Map<string, Schema>): Probe[] {
  const probes: Probe[] = [
    jsonProbe('body is an array', '[]'),
    jsonProbe('body is a string with NUL', '"a\\u0000"', 'body'),
    jsonProbe('body is null', 'null'),
    jsonProbe('body is a deep array', deepArray),
    jsonProbe('body is not JSON', '{"a":'),
    ...prototypeKeys.map((key) => jsonProbe(`${key} key`, withKeyFirst(body, key, pollution))),
  ];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return probes;
  probes.push(jsonProbe('NUL in a key', withKeyFirst(body, 'a\u0000', '1'), 'body.a\ufffd'));
  for (const place of placesOf(body)) {
    const field = `body.${place.path.join('.')}`;
    if (typeof place.value === 'string') {
      probes.push(
        jsonProbe(`NUL in ${field}`, jsonWith(body, place.path, 'a\u0000b'), field),
        jsonProbe(`lone surrogate in ${field}`, jsonWith(body, place.path, 'a\ud800b'), field),
      );
    }
    for (const bad of bodyValues(place.value, schemas.get(field))) {
      probes.push(
        jsonProbe(`${bad.label} in ${field}`, jsonWith(body, place.path, bad.value, bad.raw)),
      );
    }
  }
  return probes;
}

/** Bodies for routes that read their own (a CSV file, a multipart upload, a signed webhook). */
function rawBodyProbes(): Probe[] {
  const boundary = 'barrage';
  const multipartType = `multipart/form-data; boundary=${boundary}`;
  const multipart = (disposition: string, content: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n` +
        `Content-Type: application/pdf\r\n\r\n${content}\r\n--${boundary}--\r\n`,
      'latin1',
    );
  return [
    {
      label: 'CSV with NUL in the header and the cells',
      url: '',
      contentType: 'text/csv',
      payload: Buffer.from('Number,Legal\u0000 name\r\nU-1,A\u0000B\r\n', 'utf8'),
    },
    {
      label: 'CSV with NUL in the cells',
      url: '',
      contentType: 'text/csv',
      payload: Buffer.from('Number,Legal name\r\nU-1\u0000,A\u0000B\r\n', 'utf8'),
    },
    {
      label: 'CSV of invalid UTF-8 (CESU-8 surrogates)',
      url: '',
      contentType: 'text/csv',
      payload: Buffer.from([0x61, 0x2c, 0xed, 0xa0, 0x80, 0x0d, 0x0a, 0x62, 0x2c, 0x00]),
    },
    {
      label: 'CSV of one 100 kB cell',
      url: '',
      contentType: 'application/octet-stream',
      payload: Buffer.from(`Number\r\n${hugeText}\r\n`),
    },
    {
      label: 'multipart file named with NUL and a surrogate',
      url: '',
      contentType: multipartType,
      payload: multipart(
        `name="file"; filename="2026-000001\u0000.pdf"; filename*=UTF-8''2026-%00%ED%A0%80.pdf`,
        '%PDF-1.4\n%\u0000',
      ),
    },
    {
      label: 'multipart file with a 100 kB name',
      url: '',
      contentType: multipartType,
      payload: multipart(`name="file"; filename="${hugeText}.pdf"`, '%PDF-1.4\n'),
    },
    {
      label: 'multipart field named __proto__',
      url: '',
      contentType: multipartType,
      payload: multipart('name="__proto__"; filename="a.pdf"', '%PDF-1.4\n'),
    },
  ];
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x');
}

function withQuery(path: string, pairs: readonly string[]): string {
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/** A request of the operation with plausible values everywhere (its real records' ids). */
type Plausible = {
  path: Record<string, string>;
  query: string[];
  body: unknown;
  bodySchemas: Map<string, Schema>;
  /** The version of the record the request names, when it takes one. */
  version: number | undefined;
};

/** Every probe of one operation: its path, query and body, each wrong in one way at a time. */
function probesOf(template: string, operation: Operation, good: Plausible): Probe[] {
  const parameters = operation.parameters ?? [];
  const url = (path = good.path, query = good.query) => withQuery(fillPath(template, path), query);
  const withGoodBody = (probe: Probe): Probe =>
    good.body === undefined
      ? probe
      : { ...probe, contentType: 'application/json', payload: JSON.stringify(good.body) };

  const probes: Probe[] = [];
  for (const parameter of parameters.filter((each) => each.in === 'path')) {
    for (const value of pathValues(parameter.name)) {
      probes.push(
        withGoodBody({
          label: `${value.label} in path ${parameter.name}`,
          url: url({ ...good.path, [parameter.name]: value.text }),
          refusedAt: value.refusedAt,
        }),
      );
    }
  }
  // The declared query parameters, and one the route does not know.
  const queryParameters = [
    ...parameters.filter((each) => each.in === 'query'),
    { in: 'query', name: 'unknown' },
  ];
  for (const parameter of queryParameters) {
    const others = good.query.filter((pair) => !pair.startsWith(`${parameter.name}=`));
    for (const value of queryValues(parameter.name, parameter.schema)) {
      probes.push(
        withGoodBody({
          label: `${value.label} in query ${parameter.name}`,
          url: url(good.path, [...others, value.text]),
          refusedAt: value.refusedAt,
        }),
      );
    }
  }
  probes.push(
    withGoodBody({
      label: 'prototype keys in the query',
      url: url(good.path, [...good.query, ...prototypeKeys.map((key) => `${key}=x`)]),
    }),
  );
  if (good.body !== undefined) {
    for (const probe of bodyProbes(good.body, good.bodySchemas))
      probes.push({ ...probe, url: url() });
  } else {
    for (const probe of rawBodyProbes()) probes.push({ ...probe, url: url() });
  }
  // Last, so that every bad probe met the record as it was (a good request may change it).
  probes.push(withGoodBody({ label: 'plausible request', url: url() }));
  return probes;
}

describe('the malformed-input barrage', () => {
  let t: TestApp;
  let cookie: string;
  let signOutCookie: string;
  let searchKey: string;
  /** Ids of real records by the path parameter that names them, handed out in turn. */
  const records = new Map<string, string[]>();

  beforeAll(async () => {
    // A webhook secret, so that the card-payment webhook checks signatures (without one it
    // answers 503 by design: not configured).
    t = await createTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_barrage' });
    // Real records, so that plausible requests get past "not found" to the statements.
    await seedDemo({ pool: t.database.pool, scale: 200, seed: 13 });
    cookie = await signInAsNewOperator(t, 'barrage@example.org', [...operatorRoles]);
    // Sign-out gets a session of its own, so that the barrage's session lives on.
    signOutCookie = await signInAsNewOperator(t, 'signs-out@example.org', ['read-only']);
    const called = await t.app.inject({
      method: 'POST',
      url: '/functions/searchParams',
      headers: { cookie, ...writeHeaders },
      payload: { data: {} },
    });
    searchKey = called.json<{ result: { apiKey: string } }>().result.apiKey;
    for (const area of ['members', 'invoices']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/${area}/uploads?filename=${area}.csv`,
        headers: { cookie, ...writeHeaders, 'content-type': 'text/csv' },
        payload: 'Number,Name\r\nX-1,A\r\n',
      });
    }
    const ids = async (query: RawBuilder<{ id: string | number }>) =>
      (await query.execute(t.database.db)).rows.map((row) => String(row.id));
    const ours = ['barrage@example.org', 'signs-out@example.org'];
    const queries: Record<string, RawBuilder<{ id: string | number }>> = {
      mid: sql`SELECT mid AS id FROM members ORDER BY mid`,
      iid: sql`SELECT iid AS id FROM invoices ORDER BY iid`,
      aid: sql`SELECT aid AS id FROM applications ORDER BY aid`,
      cid: sql`SELECT cid AS id FROM certificates ORDER BY cid`,
      code: sql`SELECT verification_code AS id FROM certificates ORDER BY cid`,
      eid: sql`SELECT eid AS id FROM emails ORDER BY eid`,
      sid: sql`SELECT sid AS id FROM stripe_invoices ORDER BY sid`,
      iso2: sql`SELECT iso2 AS id FROM countries ORDER BY iso2`,
      'bank-accounts:id': sql`SELECT id FROM bank_accounts ORDER BY id`,
      'members/uploads:id': sql`SELECT id FROM member_uploads ORDER BY id`,
      'invoices/uploads:id': sql`SELECT id FROM invoice_uploads ORDER BY id`,
      'audit:id': sql`SELECT mid AS id FROM members ORDER BY mid`,
      'operators:uid': sql`SELECT o.uid AS id FROM operators o JOIN users u USING (uid)
                            WHERE u.email <> ALL(${ours}) ORDER BY o.uid`,
      'users:uid': sql`SELECT uid AS id FROM users
                        WHERE uid NOT IN (SELECT uid FROM operators) ORDER BY uid`,
    };
    for (const [key, query] of Object.entries(queries)) records.set(key, await ids(query));
  }, 120_000);
  afterAll(() => t.close());

  /** The next real record for a path parameter of `template` (each operation its own). */
  const recordFor = (template: string, name: string): string | undefined => {
    const area = /^\/api\/(members\/uploads|invoices\/uploads|[a-z-]+)/.exec(template)?.[1];
    const list = records.get(`${area}:${name}`) ?? records.get(name);
    const id = list?.shift();
    if (list && id !== undefined) list.push(id);
    return id;
  };

  /** The record's current version, read where the operation's record is shown. */
  const currentVersion = async (
    document: OpenApiDocument,
    template: string,
    path: Record<string, string>,
  ): Promise<number | undefined> => {
    const segments = template.split('/');
    for (let end = segments.length; end > 2; end--) {
      const candidate = segments.slice(0, end).join('/');
      if (!candidate.includes('{') || !document.paths[candidate]?.get) continue;
      const response = await t.app.inject({ url: fillPath(candidate, path), headers: { cookie } });
      if (!String(response.headers['content-type']).startsWith('application/json')) continue;
      const version = (response.json() as { version?: unknown }).version;
      if (typeof version === 'number') return version;
    }
    return undefined;
  };

  const plausibleRequest = async (
    document: OpenApiDocument,
    template: string,
    operation: Operation,
  ): Promise<Plausible> => {
    const parameters = operation.parameters ?? [];
    const path: Record<string, string> = {};
    for (const parameter of parameters.filter((each) => each.in === 'path')) {
      path[parameter.name] =
        parameter.name === 'index'
          ? t.config.searchIndex
          : (recordFor(template, parameter.name) ??
            encodeURIComponent(String(plausible(parameter.schema, parameter.name))));
    }
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    const takesVersion =
      bodySchema?.properties?.version !== undefined ||
      parameters.some((each) => each.in === 'query' && each.name === 'version');
    const version = takesVersion ? await currentVersion(document, template, path) : undefined;
    const query = parameters
      .filter((each) => each.in === 'query' && each.required)
      .map((each) => {
        const value = each.name === 'version' ? version : plausible(each.schema, each.name);
        return `${each.name}=${encodeURIComponent(String(value ?? 1))}`;
      });
    const bodySchemas = new Map<string, Schema>();
    const body = bodySchema ? plausible(bodySchema, 'body', 'body', bodySchemas) : undefined;
    if (version !== undefined && typeof body === 'object' && body && 'version' in body) {
      (body as { version: number }).version = version;
    }
    return { path, query, body, bodySchemas, version };
  };

  it('answers no operation of the OpenAPI document with a 5xx, and stays ready', async () => {
    const document = (t.app as unknown as { swagger(): OpenApiDocument }).swagger();
    const failures: string[] = [];
    let operations = 0;
    let requests = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        const isStream = template.endsWith('/stream');
        const good = await plausibleRequest(document, template, operation);
        for (const probe of probesOf(template, operation, good)) {
          requests++;
          let { url, payload } = probe;
          if (good.version !== undefined) {
            // A request before may have changed the record: each sends the version it has now,
            // so that the bad value is what the server judges, not a stale version (409).
            const version = await currentVersion(document, template, good.path);
            url = url.replace(`version=${good.version}`, `version=${version}`);
            if (typeof payload === 'string') {
              payload = payload.replace(`"version":${good.version}`, `"version":${version}`);
            }
          }
          const response = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: {
              cookie: template === '/api/auth/sign-out' ? signOutCookie : cookie,
              ...writeHeaders,
              ...(template.startsWith('/indexes/') ? { authorization: `Bearer ${searchKey}` } : {}),
              ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
            },
            ...(payload === undefined ? {} : { payload }),
            // An event stream that opens never ends: its status is all there is to read.
            ...(isStream ? { payloadAsStream: true } : {}),
          });
          if (isStream) response.stream().destroy();
          const what = `${method.toUpperCase()} ${template}: ${probe.label}`;
          const status = response.statusCode;
          if (status >= 500) {
            failures.push(`${what} → ${status} ${isStream ? '' : response.body.slice(0, 300)}`);
          } else if (probe.refusedAt && status !== 400) {
            // The search service checks its key, which names the index, before anything else.
            const isKeyCheck = template.startsWith('/indexes/') && status === 403;
            if (!isKeyCheck) failures.push(`${what} → ${status}, not 400`);
          } else if (probe.refusedAt && !isStream && !response.body.includes(probe.refusedAt)) {
            failures.push(`${what} → 400 without naming ${probe.refusedAt}: ${response.body}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Nothing reached Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // What the barrage covered: every operation the app documents, each in many ways (when
    // written: 123 operations, 5,626 requests, some 20 s).
    expect(operations).toBeGreaterThan(110);
    expect(requests).toBeGreaterThan(5_000);

    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  }, 180_000);
});

/**
 * Issue 34: the member portal's API meets the same barrage, from its own OpenAPI document, as
 * a signed-in applicant with a draft of their own (and as nobody, for its public routes).
 */
describe('the malformed-input barrage on the member portal', () => {
  let t: TestApp;
  let portal: FastifyInstance;
  let cookie: string;
  let aid: string;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    portal = await servePortalApp(t);
    cookie = await signInToPortal(t, portal, 'portal-barrage@example.org');
    const draft = await portal.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: { category: 'individual' },
    });
    aid = draft.json<{ aid: string }>().aid;
  });
  afterAll(async () => {
    await portal.close();
    await t.close();
  });

  it('answers no operation of the portal’s OpenAPI document with a 5xx, and stays ready', async () => {
    const document = (portal as unknown as { swagger(): OpenApiDocument }).swagger();
    const portalHeaders = { cookie, origin: testPortalUrl };
    const versionNow = async () =>
      (await portal.inject({ url: `/api/applications/${aid}`, headers: { cookie } })).json<{
        version: number;
      }>().version;
    const failures: string[] = [];
    let operations = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const bodySchemas = new Map<string, Schema>();
        const body = bodySchema ? plausible(bodySchema, 'body', 'body', bodySchemas) : undefined;
        const takesVersion = typeof body === 'object' && body !== null && 'version' in body;
        const version = takesVersion ? await versionNow() : undefined;
        if (version !== undefined) (body as { version: number }).version = version;
        const good: Plausible = { path: { aid }, query: [], body, bodySchemas, version };
        for (const probe of probesOf(template, operation, good)) {
          let { payload } = probe;
          if (version !== undefined && typeof payload === 'string') {
            payload = payload.replace(`"version":${version}`, `"version":${await versionNow()}`);
          }
          const response = await portal.inject({
            method: method.toUpperCase() as 'GET',
            url: probe.url,
            headers: {
              ...(template === '/api/auth/sign-out' ? { origin: testPortalUrl } : portalHeaders),
              ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
            },
            ...(payload === undefined ? {} : { payload }),
          });
          const what = `${method.toUpperCase()} ${template}: ${probe.label}`;
          if (response.statusCode >= 500) {
            failures.push(`${what} → ${response.statusCode} ${response.body.slice(0, 300)}`);
          } else if (probe.refusedAt && response.statusCode !== 400) {
            failures.push(`${what} → ${response.statusCode}, not 400`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(operations).toBeGreaterThanOrEqual(13);
    expect((await portal.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await portal.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      200,
    );
  }, 120_000);
});

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../test/app';
import { fakeWebDist } from '../test/web-dist';

describe('the HTTP server', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let webDist: string;

  beforeAll(async () => {
    const bundle = 'export const words = ' + JSON.stringify('freight '.repeat(500)) + ';';
    webDist = fakeWebDist({
      'assets/big-def456.js': bundle,
      'assets/big-def456.js.gz': zlib.gzipSync(bundle),
    });
    testApp = await createTestApp(
      {},
      {
        webDist,
        // A route of the test's own, to exercise the app-wide validation, body limit and errors.
        extend: (app) =>
          app.withTypeProvider().post(
            '/api/test/echo',
            {
              config: { access: 'public' },
              schema: { body: z.object({ email: z.email(), count: z.number().int().min(1) }) },
            },
            async (request) => request.body,
          ),
      },
    );
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** Posts `text` as a JSON body to the test's own route (above). */
  const postJsonText = (text: string) =>
    app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: text,
    });

  it('answers /healthz', async () => {
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers /readyz when the database is reachable and migrated', async () => {
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', database: 'reachable' });
    const { migrations } = response.json() as { migrations: { applied: number; known: number } };
    expect(migrations.applied).toBe(migrations.known);
  });

  it('serves the app for a deep link, with history-routing fallback', async () => {
    for (const url of [
      '/',
      '/members/xyz',
      '/countries/CH',
      '/settings/bank-accounts/b1?tab=history',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache, and 404s a missing one instead of the app', async () => {
    const asset = await app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject('/assets/missing-123.js')).statusCode).toBe(404);
  });

  it('sends the precompressed copy of an asset to a browser that accepts it', async () => {
    const response = await app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toContain('freight freight');
  });

  it('answers unknown API paths with a JSON not-found, never the app', async () => {
    const response = await app.inject('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not-found', message: 'No route GET /api/nope' },
    });
  });

  it('refuses bad input with a 400 naming the field and the rule', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', count: 0 },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as {
      error: { code: string; issues: { path: string; rule: string }[] };
    };
    expect(error.code).toBe('invalid-argument');
    expect(error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.email', rule: 'invalid_format' }),
        expect.objectContaining({ path: 'body.count', rule: 'too_small' }),
      ]),
    );
  });

  it('refuses malformed JSON with a 400, not a 500', async () => {
    const response = await postJsonText('{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });

  it('refuses JSON bodies above 10 MB with 413', async () => {
    const padded = (padLength: number) =>
      JSON.stringify({ email: 'a@example.org', count: 1, pad: 'x'.repeat(padLength) });
    const accepted = await postJsonText(padded(10 * 1024 * 1024 - 100));
    expect(accepted.statusCode).toBe(200);
    const refused = await postJsonText(padded(10 * 1024 * 1024));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      error: { code: 'payload-too-large', message: 'The request body is larger than 10 MB.' },
    });
  });

  it('refuses state-changing requests from another origin', async () => {
    const payload = { email: 'a@example.org', count: 1 };
    const postFrom = (origin: string) =>
      app.inject({ method: 'POST', url: '/api/test/echo', headers: { origin }, payload });
    const foreign = await postFrom('https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: { code: 'permission-denied' } });
    const own = await postFrom('http://localhost:3000');
    expect(own.statusCode).toBe(200);
  });

  it('publishes an OpenAPI document generated from the schemas, browsable at /api/docs', async () => {
    const cookie = await signInAsNewOperator(testApp, 'api-docs@example.org', ['read-only']);
    const document = (await app.inject({ url: '/api/docs/json', headers: { cookie } })).json() as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    const page = await app.inject({ url: '/api/docs', headers: { cookie } });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('keeps the API documentation for operators by default', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui.css']) {
      expect((await app.inject(url)).statusCode, url).toBe(401);
    }
  });
});

describe('API_DOCS_PUBLIC=true', () => {
  it('opens the API documentation to anyone', async () => {
    const t = await createTestApp({ API_DOCS_PUBLIC: 'true' });
    try {
      expect((await t.app.inject('/api/docs/json')).statusCode).toBe(200);
      expect([200, 302]).toContain((await t.app.inject('/api/docs')).statusCode);
      // Only the documentation: the API itself stays closed.
      expect((await t.app.inject('/api/operators')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('readiness without a database', () => {
  it('answers 503 not-ready when the database is unreachable', async () => {
    const { app, database, notifications } = await createTestApp();
    await notifications.close();
    await database.close();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'not-ready', database: 'unreachable' });
    await app.close();
  });
});

describe('the API areas', () => {
  const sourceDir = path.dirname(new URL(import.meta.url).pathname);

  it('registers every route file through its area, and every area through areas.ts or portal-areas.ts', () => {
    // An area of the portal only (the public directory) is in the portal's registry.
    const registry = ['areas.ts', 'portal-areas.ts']
      .map((file) => fs.readFileSync(path.join(sourceDir, file), 'utf8'))
      .join('\n');
    const folders = fs
      .readdirSync(sourceDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const folder of folders) {
      // uploads/routes.ts is the factory the members and invoices upload routes are made with.
      const routeFiles = fs
        .readdirSync(path.join(sourceDir, folder))
        .filter((file) => /^(.+-)?routes\.ts$/.test(file) && folder !== 'uploads');
      // An area's main routes may be a folder, one file per operation, behind routes/index.ts.
      const routesFolder = path.join(sourceDir, folder, 'routes');
      const hasRoutesFolder = fs.existsSync(path.join(routesFolder, 'index.ts'));
      if (routeFiles.length === 0 && !hasRoutesFolder) continue;
      // An area of one route file needs no plugin of its own: areas.ts lists that file's.
      const areaFile = path.join(sourceDir, folder, 'area.ts');
      if (!fs.existsSync(areaFile)) {
        expect(routeFiles, `${folder}: several route files need an area.ts`).toEqual(['routes.ts']);
        expect(hasRoutesFolder, `${folder}: a routes/ folder needs an area.ts`).toBe(false);
        expect(registry, `areas.ts lists ${folder}/routes`).toContain(`from './${folder}/routes'`);
        continue;
      }
      const area = fs.readFileSync(areaFile, 'utf8');
      for (const file of routeFiles) {
        expect(area, `${folder}/area.ts registers ${file}`).toContain(
          `from './${file.replace(/\.ts$/, '')}'`,
        );
      }
      if (hasRoutesFolder) {
        expect(area, `${folder}/area.ts registers routes/`).toContain(`from './routes'`);
        const index = fs.readFileSync(path.join(routesFolder, 'index.ts'), 'utf8');
        for (const file of fs.readdirSync(routesFolder)) {
          if (file === 'index.ts' || file.includes('.test.')) continue;
          const text = fs.readFileSync(path.join(routesFolder, file), 'utf8');
          if (!/\bapp\.(get|post|put|patch|delete|route)\(/.test(text)) continue;
          expect(index, `${folder}/routes/index.ts registers ${file}`).toContain(
            `from './${file.replace(/\.ts$/, '')}'`,
          );
        }
      }
      expect(registry, `areas.ts lists ${folder}`).toContain(`from './${folder}/area'`);
    }
  });
});

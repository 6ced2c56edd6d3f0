import { dataExportHours, type TDataExport } from '@ops/contract/data-exports';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMemberSide, textOfHtml } from '../i18n/member-side-rendering';
import { dataExportApi } from './api';
import { availableHours, DataExportView, newestExport } from './data-export-panel';

const render = renderMemberSide;
const inEnglish = (node: ReactNode) => render('en', node);
const text = textOfHtml;

const queued: TDataExport = {
  id: 'dx1',
  state: 'queued',
  requestedAt: '2026-11-02T09:00:00.000Z',
  requestedBy: 'Anna Muster',
  progress: { done: 0, total: 0 },
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  counts: null,
  downloadUrl: null,
  error: null,
};

const running: TDataExport = { ...queued, state: 'running', progress: { done: 37, total: 120 } };

const ready: TDataExport = {
  ...queued,
  state: 'ready',
  progress: { done: 120, total: 120 },
  readyAt: '2026-11-02T09:02:00.000Z',
  expiresAt: '2026-11-03T09:02:00.000Z',
  sizeBytes: Math.round(2.3 * 1024 * 1024),
  counts: {
    users: 3,
    invoices: 12,
    creditNotes: 1,
    payments: 9,
    certificates: 2,
    changeRequests: 0,
    auditEntries: 41,
    pdfs: 15,
  },
  downloadUrl: '/api/data-export/dx1/zip',
};

const noop = () => {};
const requestButton = /<button[^>]*>Download our data<\/button>/;

describe('Your data', () => {
  it('says what the ZIP holds and for how long, in a section with its h2', () => {
    const html = inEnglish(<DataExportView item={null} canRequest onRequest={noop} />);
    expect(availableHours).toBe(dataExportHours);
    expect(html).toMatch(/<section aria-labelledby="([^"]+)"[^>]*><h2 id="\1"[^>]*>Your data</);
    expect(text(html)).toContain('credit notes, payments, certificates, change requests');
    expect(text(html)).toContain('for 24 hours once it is ready');
  });

  it('offers the export to owners and admins with a 44 px button', () => {
    const html = inEnglish(<DataExportView item={null} canRequest onRequest={noop} />);
    expect(html).toMatch(requestButton);
    expect(html).toMatch(/<button type="button"[^>]*min-h-11[^>]*>Download our data</);
    expect(html).not.toContain('Owners and administrators can ask');
  });

  it('tells staff who can ask for it, without a button', () => {
    for (const item of [null, { ...queued, state: 'failed' as const }]) {
      const html = inEnglish(<DataExportView item={item} canRequest={false} onRequest={noop} />);
      expect(html).not.toContain('<button');
      expect(text(html)).toContain('Owners and administrators can ask for this archive.');
    }
  });

  it('shows a running export’s progress as a labelled bar and a status line', () => {
    const html = inEnglish(<DataExportView item={running} canRequest onRequest={noop} />);
    const id = /<progress id="([^"]+)"[^>]*>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toMatch(/<progress[^>]*max="120"[^>]*value="37"/);
    expect(html).toContain(`<label for="${id}" class="block text-sm">37 of 120 documents</label>`);
    expect(html).toMatch(/role="status"[^>]*>The archive is being made/);
    expect(text(html)).toContain('Asked on 2 November 2026 at 10:00 by Anna Muster.');
    expect(html).not.toContain('<button');
  });

  it('shows a queued one, not counted yet, as a bar that does not know its end yet', () => {
    const html = inEnglish(<DataExportView item={queued} canRequest onRequest={noop} />);
    expect(html).toMatch(/<progress id="[^"]+" class="h-2 w-full"><\/progress>/);
    expect(text(html)).toContain('Counting the documents…');
    expect(html).toMatch(/role="status"[^>]*>The archive is waiting its turn/);
  });

  it('counts in the person’s language, with its plurals', () => {
    const one = { ...running, progress: { done: 0, total: 1 } };
    expect(text(render('fr', <DataExportView item={one} canRequest onRequest={noop} />))).toContain(
      '0 sur 1 document',
    );
    const html = render('fr', <DataExportView item={running} canRequest onRequest={noop} />);
    expect(text(html)).toContain('37 sur 120 documents');
  });

  it('links a ready one to its ZIP, with its size, until when it stays and what it holds', () => {
    const html = inEnglish(<DataExportView item={ready} canRequest onRequest={noop} />);
    expect(html).toMatch(/<a href="\/api\/data-export\/dx1\/zip" download=""[^>]*>/);
    expect(text(html)).toContain('Download the ZIP (2.3 MB)');
    expect(text(html)).toContain('Available until 3 November 2026 at 10:02');
    expect(text(html)).toContain(
      'It holds 3 users, 12 invoices, 1 credit note, 9 payments, 2 certificates, 0 change requests, 41 entries in the history of changes and 15 PDFs.',
    );
    expect(html).toMatch(/<button[^>]*>Make a new one<\/button>/);
    expect(html).not.toMatch(requestButton);
  });

  it('lets staff download a ready one but not make a new one', () => {
    const html = inEnglish(<DataExportView item={ready} canRequest={false} onRequest={noop} />);
    expect(html).toContain('href="/api/data-export/dx1/zip"');
    expect(html).not.toContain('<button');
  });

  it('says when it failed, with the reason, in an alert, and offers a retry', () => {
    const failed = { ...running, state: 'failed' as const, error: 'A PDF could not be read.' };
    const html = inEnglish(<DataExportView item={failed} canRequest onRequest={noop} />);
    expect(html).toMatch(/role="alert"[^>]*><p>The archive could not be made.<\/p>/);
    expect(text(html)).toContain('Reason: A PDF could not be read.');
    expect(html).toMatch(/<button[^>]*>Try again<\/button>/);
  });

  it('says an expired one is gone and offers a new one', () => {
    const expired = { ...ready, state: 'expired' as const, downloadUrl: null };
    const html = inEnglish(<DataExportView item={expired} canRequest onRequest={noop} />);
    expect(text(html)).toContain('has expired and can no longer be downloaded');
    expect(html).not.toContain('<a ');
    expect(html).toMatch(/<button[^>]*>Make a new one<\/button>/);
  });

  it('shows a refused request in an alert, and the button busy while it is sent', () => {
    const html = inEnglish(
      <DataExportView item={null} canRequest isBusy failure="Refused." onRequest={noop} />,
    );
    expect(html).toMatch(/<p role="alert"[^>]*>Refused.<\/p>/);
    expect(html).toMatch(/<button[^>]*aria-disabled="true"[^>]*>Asking for the archive…<\/button>/);
  });
});

describe('the export the panel shows', () => {
  it('is the server’s, unless the one just asked for is newer than what it read', () => {
    const newer = { ...queued, id: 'dx2', requestedAt: '2026-11-04T09:00:00.000Z' };
    expect(newestExport(ready, null)).toBe(ready);
    expect(newestExport(null, queued)).toBe(queued);
    expect(newestExport(ready, newer)).toBe(newer);
    expect(newestExport({ ...newer, state: 'running' }, newer)?.state).toBe('running');
    expect(newestExport(newer, ready)).toBe(newer);
  });
});

describe('the data export’s API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads and asks on /api/data-export, the member chosen as for the other member APIs', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, init });
        const body = init.method === 'POST' ? queued : { export: null, canRequest: true };
        return Promise.resolve(
          new Response(JSON.stringify(body), { status: init.method === 'POST' ? 202 : 200 }),
        );
      }),
    );
    await expect(dataExportApi.get()).resolves.toEqual({ export: null, canRequest: true });
    await expect(dataExportApi.request()).resolves.toEqual(queued);
    expect(calls.map(({ url, init }) => `${init.method} ${url}`)).toEqual([
      'GET /api/data-export',
      'POST /api/data-export',
    ]);
    expect(calls[1]?.init.body).toBe('{}');
  });
});

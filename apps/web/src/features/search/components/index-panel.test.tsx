import type { TSearchIndexStats, TSearchTask } from '@ops/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { searchIndexesQueryKeys } from '../api/query-keys';
import { IndexPanel } from './index-panel';
import { RebuildReport } from './rebuild-report';

const finished: TSearchTask = {
  uid: 3,
  index: 'operations',
  kind: 'rebuild',
  status: 'succeeded',
  requestedBy: 'u-ada',
  processed: 5_354,
  total: 5_354,
  perType: { profile: 1_393, application: 50, member: 1_000, invoice: 2_911 },
  error: null,
  enqueuedAt: '2026-11-22T10:00:00.000Z',
  startedAt: '2026-11-22T10:00:00.100Z',
  finishedAt: '2026-11-22T10:00:02.500Z',
  durationMs: 2_400,
};

const running: TSearchTask = {
  ...finished,
  uid: 4,
  status: 'processing',
  requestedBy: null,
  processed: 412_000,
  total: 1_000_000,
  perType: { profile: 412_000 },
  finishedAt: null,
  durationMs: null,
};

function stats(currentTask: TSearchTask | null): TSearchIndexStats {
  return {
    index: 'operations',
    documents: 1_005_354,
    lastUpdatedAt: '2026-11-22T09:00:00.000Z',
    types: [
      { type: 'profile', documents: 1_393, lastUpdatedAt: null },
      { type: 'application', documents: 50, lastUpdatedAt: null },
      { type: 'member', documents: 1_000, lastUpdatedAt: null },
      { type: 'invoice', documents: 1_002_911, lastUpdatedAt: null },
    ],
    lastRebuild: finished,
    currentTask,
  };
}

/** Static HTML without the comments React puts between adjacent text nodes. */
function html(element: ReactElement): string {
  return renderToString(element).replaceAll('<!-- -->', '');
}

function render(indexStats: TSearchIndexStats) {
  const client = new QueryClient();
  if (indexStats.currentTask) {
    client.setQueryData(
      searchIndexesQueryKeys.task(indexStats.currentTask.uid),
      indexStats.currentTask,
    );
  }
  return html(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <IndexPanel stats={indexStats} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('IndexPanel', () => {
  it('shows the totals, a row per type and the last rebuild with who asked', () => {
    const markup = render(stats(null));
    expect(markup).toContain('1,005,354');
    expect(markup).toMatch(/<caption[^>]*>Documents per type<\/caption>/);
    for (const type of ['profile', 'application', 'member', 'invoice']) {
      expect(markup).toMatch(new RegExp(`<th scope="row"[^>]*><span[^>]*>${type}</span>`));
    }
    expect(markup).toContain('1,002,911');
    expect(markup).toContain('2.4 s');
    expect(markup).toMatch(/<a [^>]*href="\/users\/u-ada"[^>]*>u-ada<\/a>/);
    expect(markup).toMatch(/<button[^>]*>Rebuild index<\/button>/);
    expect(markup).not.toMatch(/<button[^>]*\sdisabled=""/);
    expect(markup).not.toContain('role="progressbar"');
  });

  it('shows a running rebuild as a progress bar with counts, and disables the button', () => {
    const markup = render(stats(running));
    expect(markup).toMatch(/<button[^>]*disabled=""[^>]*>Rebuild index<\/button>/);
    expect(markup).toContain('role="progressbar"');
    expect(markup).toContain('aria-valuenow="412000"');
    expect(markup).toContain('aria-valuemax="1000000"');
    expect(markup).toContain('412,000 of 1,000,000 documents');
    expect(markup).toContain('41%');
  });

  it('shows a rebuild waiting to start as an indeterminate bar', () => {
    const markup = render(stats({ ...running, status: 'enqueued', processed: 0, total: 0 }));
    expect(markup).toContain('aria-label="Rebuild waiting to start"');
    expect(markup).toContain('waiting to start');
  });
});

describe('RebuildReport', () => {
  it('reports a success with its duration and documents per type', () => {
    const markup = html(<RebuildReport task={finished} />);
    expect(markup).toContain('role="status"');
    expect(markup).toMatch(/Rebuild #3 succeeded in 2.4 s/);
    expect(markup).toContain('5,354');
    expect(markup).toMatch(/invoice: <span[^>]*>2,911<\/span>/);
  });

  it('reports a failure with its error', () => {
    const markup = html(
      <RebuildReport task={{ ...finished, status: 'failed', error: 'disk full' }} />,
    );
    expect(markup).toContain('role="alert"');
    expect(markup).toContain('Rebuild #3 failed');
    expect(markup).toContain('disk full');
  });
});

import type { TApplicationDetail, TAuditHistoryPage } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { detectDocumentType } from '../applications/documents';
import { seedDemo } from './demo';

/** The first steps of every path: drafted, then submitted. */
const submitted = ['draft', 'submitted'];
/** The steps to review, straight or through the national association's endorsement. */
const toReview = {
  plain: [...submitted, 'under-review'],
  endorsed: [...submitted, 'awaiting-endorsement', 'endorsed', 'under-review'],
};
/** A path the same whether or not the application needs an endorsement. */
const either = (path: string[]) => ({ plain: path, endorsed: path });
/** A status reached from review: the path to review, then the status. */
const afterReview = (status: string) => ({
  plain: [...toReview.plain, status],
  endorsed: [...toReview.endorsed, status],
});

/** The status an application must pass through, in order, to reach each status. */
const pathTo: Record<string, { plain: string[]; endorsed: string[] }> = {
  draft: either(['draft']),
  submitted: either(submitted),
  'awaiting-endorsement': either([...submitted, 'awaiting-endorsement']),
  endorsed: either([...submitted, 'awaiting-endorsement', 'endorsed']),
  'endorsement-declined': either([...submitted, 'awaiting-endorsement', 'endorsement-declined']),
  'under-review': toReview,
  'information-requested': afterReview('information-requested'),
  approved: afterReview('approved'),
  rejected: afterReview('rejected'),
  withdrawn: {
    plain: [...submitted, 'withdrawn'],
    endorsed: [...submitted, 'awaiting-endorsement', 'withdrawn'],
  },
};

describe('the demo applications on a freshly seeded database', () => {
  let t: TestApp;
  let cookie: string;
  let applications: TApplicationDetail[];

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ pool: t.database.pool, scale: 200, seed: 11 });
    cookie = await signInAsNewOperator(t, 'demo-reader@example.org', ['read-only']);
    const list = await t.app.inject({
      url: '/api/applications?limit=100',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);
    const rows = (list.json() as { data: { aid: string }[] }).data;
    applications = await Promise.all(
      rows.map(async ({ aid }) => {
        const detail = await t.app.inject({ url: `/api/applications/${aid}`, headers: { cookie } });
        expect(detail.statusCode).toBe(200);
        return detail.json() as TApplicationDetail;
      }),
    );
  }, 120_000);
  afterAll(() => t.close());

  it('has every document of every application on file, served with its content type', async () => {
    expect(applications).toHaveLength(20);
    const served = new Set<string>();
    for (const application of applications) {
      if (application.status !== 'draft') expect(application.documents.length).toBeGreaterThan(0);
      for (const document of application.documents) {
        expect(document.isStored, `${application.number} ${document.fileName}`).toBe(true);
        const file = await t.app.inject({
          url: `/api/applications/${application.aid}/documents/${document.id}`,
          headers: { cookie },
        });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(document.contentType);
        expect(file.rawPayload.length).toBeGreaterThan(0);
        expect(file.rawPayload.length).toBe(document.sizeBytes);
        // The bytes are what they claim to be, by their signature, as an upload is judged.
        expect(detectDocumentType(file.rawPayload)).toBe(document.contentType);
        if (document.type === 'application-form') {
          expect(file.rawPayload.toString('latin1')).toContain(`Application ${application.number}`);
        }
        served.add(document.contentType);
      }
    }
    expect([...served].sort()).toEqual(['application/pdf', 'image/png']);
  });

  it('lists each application’s status changes in order, ending at its status', async () => {
    for (const application of applications) {
      const response = await t.app.inject({
        url: `/api/audit/applications/${application.aid}?limit=100`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      const oldestFirst = [...(response.json() as TAuditHistoryPage).data].reverse();
      const label = `${application.number} (${application.status})`;

      const statuses = oldestFirst.map((entry) => {
        const change = entry.changes.find((item) => item.field === 'status');
        expect(change, `${label}: ${entry.action} changes the status`).toBeDefined();
        return change?.after;
      });
      const endorsed = application.endorsingAssociation !== null;
      expect(statuses, label).toEqual(
        pathTo[application.status]?.[endorsed ? 'endorsed' : 'plain'],
      );
      // Each step starts where the one before it ended, later than it.
      oldestFirst.slice(1).forEach((entry, index) => {
        const before = entry.changes.find((item) => item.field === 'status')?.before;
        expect(before, `${label}: ${entry.action}`).toBe(statuses[index]);
        expect(Date.parse(entry.at)).toBeGreaterThan(Date.parse(oldestFirst[index]?.at ?? ''));
      });

      // The applicant created and submitted it; operators with a name took every review step.
      expect(oldestFirst[0]?.action).toBe('create');
      expect(oldestFirst[0]?.actor.kind).toBe('user');
      for (const entry of oldestFirst.slice(2)) {
        expect(entry.actor.kind, `${label}: ${entry.action}`).toBe('operator');
        expect(entry.actor.displayName).toBeTruthy();
      }
      const last = oldestFirst.at(-1);
      if (application.decidedAt) expect(last?.at).toBe(application.decidedAt);
      if (application.decisionReason && application.status !== 'approved') {
        expect(last?.reason).toBe(application.decisionReason);
      }
      // The record agrees with its history: one version per entry, stamped by the last step.
      expect(application.version, label).toBe(oldestFirst.length);
      expect(application.updatedAt, label).toBe(last?.at);
    }
  });
});

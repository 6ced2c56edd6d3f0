import type { TPortalApplication, TPortalDocumentUploadResult } from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewOperator } from '../../../test/app';
import { signInToPortal, createPortalTestApp, type PortalTestApp } from '../../../test/portal';
import type { ErrorBody } from '../../../test/requests';
import { tinyPdf, tinyPng } from '../test-fixtures';
import { auditEntriesOf } from '../../../test/audit';

/** The smallest JPEG a test needs: its magic number, then bytes. */
const tinyJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

/**
 * The applicant's documents on the member portal (issue 34): raw-body uploads of their own open
 * application, judged by content, bounded in size and number, replaced and removed, audited as
 * theirs, and shown in the console as uploaded.
 */
describe('documents in the member portal', () => {
  let t: PortalTestApp;
  let portal: FastifyInstance;
  let ada: string;
  let bob: string;

  beforeAll(async () => {
    t = await createPortalTestApp({}, { countries: true });
    portal = t.portal;
    ada = await signInToPortal(t, portal, 'ada.docs@forwarders.example');
    bob = await signInToPortal(t, portal, 'bob.docs@forwarders.example');
  });
  afterAll(() => t.close());

  async function newDraft(cookie: string): Promise<TPortalApplication> {
    const response = await portal.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: { category: 'individual' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TPortalApplication>();
  }

  const upload = (
    cookie: string,
    aid: string,
    bytes: Buffer,
    query: string,
    contentType = 'application/pdf',
  ) =>
    portal.inject({
      method: 'POST',
      url: `/api/applications/${aid}/documents?${query}`,
      headers: { cookie, 'content-type': contentType },
      payload: bytes,
    });

  it('stores a PDF, a PNG and a JPEG of a draft, judged by their bytes, and serves them back as downloads', async () => {
    const draft = await newDraft(ada);
    const pdf = await upload(ada, draft.aid, tinyPdf, 'type=registry-extract&fileName=Auszug.pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    const result = pdf.json<TPortalDocumentUploadResult>();
    expect(result.document).toMatchObject({
      type: 'registry-extract',
      fileName: 'Auszug.pdf',
      contentType: 'application/pdf',
      sizeBytes: tinyPdf.length,
    });
    expect(result.document).not.toHaveProperty('uploadedBy');
    expect(result.application.documents.map((document) => document.id)).toEqual([
      result.document.id,
    ]);
    const png = await upload(
      ada,
      draft.aid,
      tinyPng,
      'type=insurance&fileName=police.png',
      'image/png',
    );
    expect(png.statusCode, png.body).toBe(201);
    const jpeg = await upload(
      ada,
      draft.aid,
      tinyJpeg,
      'type=diploma&fileName=diplome.jpg',
      'image/jpeg',
    );
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(jpeg.json<TPortalDocumentUploadResult>().application.documents).toHaveLength(3);

    const file = await portal.inject({
      url: `/api/applications/${draft.aid}/documents/${result.document.id}`,
      headers: { cookie: ada },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(tinyPdf)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Auszug.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');

    // Each upload is the applicant's, in the application's history.
    const history = await auditEntriesOf(t.database.db, 'applications', draft.aid)
      .select(['action', 'actor_kind', 'actor_uid'])
      .where('action', '=', 'upload-document')
      .execute();
    expect(history).toHaveLength(3);
    const adaUid = await t.database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', 'ada.docs@forwarders.example')
      .executeTakeFirstOrThrow();
    expect(history.every((entry) => entry.actor_kind === 'user')).toBe(true);
    expect(history.every((entry) => entry.actor_uid === adaUid.uid)).toBe(true);

    // The console shows them in the application's documents, as it shows any.
    const operator = await signInAsNewOperator(t, 'docs.reviewer@federation.example', [
      'membership',
    ]);
    const inConsole = await t.app.inject({
      url: `/api/applications/${draft.aid}`,
      headers: { cookie: operator },
    });
    expect(inConsole.statusCode).toBe(200);
    expect(
      inConsole.json<{ documents: { fileName: string; isStored: boolean }[] }>().documents,
    ).toEqual([
      expect.objectContaining({ fileName: 'Auszug.pdf', type: 'registry-extract', isStored: true }),
      expect.objectContaining({ fileName: 'police.png', type: 'insurance', isStored: true }),
      expect.objectContaining({ fileName: 'diplome.jpg', type: 'diploma', isStored: true }),
    ]);
  });

  it('refuses what is not a PDF, PNG or JPEG by its content, an empty body, and more than 10 MB', async () => {
    const applicant1 = await signInToPortal(t, portal, 'applicant1.docs@forwarders.example');
    const draft = await newDraft(applicant1);
    const html = Buffer.from('<html><script>alert(1)</script>%PDF-1.4</html>');
    const renamed = await upload(applicant1, draft.aid, html, 'type=insurance&fileName=police.pdf');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body.file',
      rule: 'file-type',
    });
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBP'),
      Buffer.alloc(20),
    ]);
    const notForApplicants = await upload(
      applicant1,
      draft.aid,
      webp,
      'type=insurance',
      'image/png',
    );
    expect(notForApplicants.statusCode).toBe(400);
    expect(notForApplicants.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      rule: 'file-type',
    });

    const empty = await upload(applicant1, draft.aid, Buffer.alloc(0), 'type=insurance');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorBody>().error.issues?.[0]).toMatchObject({ path: 'body.file' });

    const huge = Buffer.concat([tinyPdf, Buffer.alloc(11 * 1024 * 1024)]);
    const tooBig = await upload(applicant1, draft.aid, huge, 'type=insurance&fileName=big.pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<ErrorBody>().error.code).toBe('payload-too-large');

    const unknownType = await upload(applicant1, draft.aid, tinyPdf, 'type=passport');
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'query.type',
    });

    const mine = await portal.inject({
      url: `/api/applications/${draft.aid}`,
      headers: { cookie: applicant1 },
    });
    expect(mine.json<TPortalApplication>().documents).toEqual([]);
  });

  it('keeps at most 20 files per application', async () => {
    const applicant2 = await signInToPortal(t, portal, 'applicant2.docs@forwarders.example');
    const draft = await newDraft(applicant2);
    for (let index = 1; index <= 20; index += 1) {
      const response = await upload(
        applicant2,
        draft.aid,
        tinyPdf,
        `type=other&fileName=page-${index}.pdf`,
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    const twentyFirst = await upload(
      applicant2,
      draft.aid,
      tinyPdf,
      'type=other&fileName=page-21.pdf',
    );
    expect(twentyFirst.statusCode).toBe(400);
    expect(twentyFirst.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body.file',
      rule: 'too_big',
    });
    // Replacing one at the limit is still possible: it frees its place in the same step.
    const [first] = (
      await portal.inject({
        url: `/api/applications/${draft.aid}`,
        headers: { cookie: applicant2 },
      })
    ).json<TPortalApplication>().documents;
    const replaced = await upload(
      applicant2,
      draft.aid,
      tinyPdf,
      `type=other&fileName=new.pdf&replaces=${first?.id}`,
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json<TPortalDocumentUploadResult>().application.documents).toHaveLength(20);
  });

  it('replaces and removes a document, each step audited', async () => {
    const applicant3 = await signInToPortal(t, portal, 'applicant3.docs@forwarders.example');
    const draft = await newDraft(applicant3);
    const first = (
      await upload(applicant3, draft.aid, tinyPdf, 'type=insurance&fileName=old.pdf')
    ).json<TPortalDocumentUploadResult>();
    const replaced = await upload(
      applicant3,
      draft.aid,
      tinyPng,
      `type=insurance&fileName=new.png&replaces=${first.document.id}`,
      'image/png',
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    const after = replaced.json<TPortalDocumentUploadResult>().application.documents;
    expect(after.map((document) => document.fileName)).toEqual(['new.png']);
    const gone = await t.database.db
      .selectFrom('application_documents')
      .select('id')
      .where('id', '=', first.document.id ?? '')
      .execute();
    expect(gone).toEqual([]);

    // A replace of a document the application does not list changes nothing.
    const badReplace = await upload(applicant3, draft.aid, tinyPdf, 'type=insurance&replaces=nope');
    expect(badReplace.statusCode).toBe(404);

    const removed = await portal.inject({
      method: 'DELETE',
      url: `/api/applications/${draft.aid}/documents/${after[0]?.id}`,
      headers: { cookie: applicant3 },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<TPortalApplication>().documents).toEqual([]);
    const again = await portal.inject({
      method: 'DELETE',
      url: `/api/applications/${draft.aid}/documents/${after[0]?.id}`,
      headers: { cookie: applicant3 },
    });
    expect(again.statusCode).toBe(404);

    const history = await auditEntriesOf(t.database.db, 'applications', draft.aid)
      .select(['action', 'actor_kind'])
      .where('action', 'in', ['upload-document', 'delete-document'])
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { action: 'upload-document', actor_kind: 'user' },
      { action: 'delete-document', actor_kind: 'user' },
      { action: 'upload-document', actor_kind: 'user' },
      { action: 'delete-document', actor_kind: 'user' },
    ]);
  });

  it('answers another applicant as if the application did not exist', async () => {
    const applicant4 = await signInToPortal(t, portal, 'applicant4.docs@forwarders.example');
    const draft = await newDraft(applicant4);
    const stored = (
      await upload(applicant4, draft.aid, tinyPdf, 'type=insurance&fileName=mine.pdf')
    ).json<TPortalDocumentUploadResult>();
    const url = `/api/applications/${draft.aid}/documents`;
    for (const response of [
      await upload(bob, draft.aid, tinyPdf, 'type=insurance'),
      await portal.inject({ url: `${url}/${stored.document.id}`, headers: { cookie: bob } }),
      await portal.inject({
        method: 'DELETE',
        url: `${url}/${stored.document.id}`,
        headers: { cookie: bob },
      }),
      await upload(bob, 'no-such-application', tinyPdf, 'type=insurance'),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const notSignedIn = await portal.inject({
      method: 'POST',
      url: `${url}?type=insurance`,
      headers: { 'content-type': 'application/pdf' },
      payload: tinyPdf,
    });
    expect(notSignedIn.statusCode).toBe(401);
    const mine = await portal.inject({
      url: `/api/applications/${draft.aid}`,
      headers: { cookie: applicant4 },
    });
    expect(mine.json<TPortalApplication>().documents).toHaveLength(1);
  });

  it('refuses changes once the application is submitted', async () => {
    const erin = await signInToPortal(t, portal, 'erin.docs@forwarders.example');
    const draft = await newDraft(erin);
    const stored = (
      await upload(erin, draft.aid, tinyPdf, 'type=registry-extract&fileName=a.pdf')
    ).json<TPortalDocumentUploadResult>();
    const filled = await portal.inject({
      method: 'PATCH',
      url: `/api/applications/${draft.aid}`,
      headers: { cookie: erin },
      payload: {
        version: stored.application.version,
        company: { legalName: 'Erin Cargo AG' },
        address: { line1: 'Hafenstrasse 1', city: 'Basel', countryIso2: 'CH' },
        contacts: [
          {
            role: 'primary',
            name: 'Erin',
            email: 'erin.docs@forwarders.example',
            phone: null,
            position: null,
          },
        ],
      },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const submitted = await portal.inject({
      method: 'POST',
      url: `/api/applications/${draft.aid}/submit`,
      headers: { cookie: erin },
      payload: { version: filled.json<TPortalApplication>().version },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const late = await upload(erin, draft.aid, tinyPdf, 'type=insurance');
    expect(late.statusCode).toBe(400);
    expect(late.json<ErrorBody>().error.issues?.[0]).toMatchObject({ rule: 'status' });
    const lateRemove = await portal.inject({
      method: 'DELETE',
      url: `/api/applications/${draft.aid}/documents/${stored.document.id}`,
      headers: { cookie: erin },
    });
    expect(lateRemove.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signInEditorAndReader } from '../../test/fixtures';
import { loadCountries } from '../seed/countries';
import { inlineDisposition } from '../http/inline-document';
import { cleanFileName, detectDocumentType } from './documents';
import { addApplication, multipartBody, tinyPdf, tinyPng } from './test-fixtures';

type Detail = {
  version: number;
  documents: {
    id: string | null;
    type: string;
    fileName: string;
    contentType: string;
    sizeBytes: number;
    isStored: boolean;
  }[];
};

describe('application documents', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie, readOnlyCookie } = await signInEditorAndReader(
      t,
      'docs@example.org',
      ['membership'],
      'docs-reader@example.org',
    ));
    await loadCountries(t.database.pool);
  });
  afterAll(() => t.close());

  const upload = async (
    aid: string,
    type: string,
    fileName: string,
    bytes: Buffer,
    as = cookie,
  ) => {
    const { body, contentType } = multipartBody(fileName, bytes);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${aid}/documents?type=${type}`,
      headers: { cookie: as, 'content-type': contentType },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('stores an uploaded PDF in the database and serves it inline, sandboxed, nosniff', async () => {
    const application = await addApplication(t.database.db, {
      documents: [
        {
          type: 'insurance',
          fileName: 'legacy.pdf',
          contentType: 'application/pdf',
          sizeBytes: 1000,
          uploadedAt: '2025-01-01T00:00:00.000Z',
        },
      ] as never,
    });
    const { status, body } = await upload(
      application.aid,
      'registry-extract',
      'Auszug Handelsregister.pdf',
      tinyPdf,
    );
    expect(status).toBe(200);
    const document = body.document as Detail['documents'][number];
    expect(document).toMatchObject({
      type: 'registry-extract',
      fileName: 'Auszug Handelsregister.pdf',
      contentType: 'application/pdf',
      sizeBytes: tinyPdf.length,
      isStored: true,
    });
    const detail = body.application as Detail;
    expect(detail.version).toBe(2);
    expect(detail.documents.map((d) => [d.fileName, d.isStored])).toEqual([
      ['legacy.pdf', false],
      ['Auszug Handelsregister.pdf', true],
    ]);

    const file = await t.app.inject({
      url: `/api/applications/${application.aid}/documents/${document.id}`,
      headers: { cookie: readOnlyCookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Auszug Handelsregister.pdf"; filename*=UTF-8''Auszug%20Handelsregister.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // Whatever the applicant's file holds, it runs nothing on the console's origin.
    const policy = String(file.headers['content-security-policy']).split(/;\s*/);
    expect(policy).toEqual(
      expect.arrayContaining(['sandbox', "default-src 'none'", "object-src 'none'"]),
    );
    expect(file.rawPayload.equals(tinyPdf)).toBe(true);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('record_id', '=', application.aid)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('upload-document');
    expect(JSON.stringify(audit.after)).toContain('Auszug Handelsregister.pdf');
  });

  it('judges the type by the content, not the name: an image is an image, text is refused', async () => {
    const application = await addApplication(t.database.db);
    const png = await upload(application.aid, 'diploma', 'diploma.pdf', tinyPng);
    expect(png.status).toBe(200);
    expect(png.body.document.contentType).toBe('image/png');
    const served = await t.app.inject({
      url: `/api/applications/${application.aid}/documents/${png.body.document.id}`,
      headers: { cookie },
    });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const script = await upload(
      application.aid,
      'other',
      'invoice.pdf',
      Buffer.from('<script>alert(1)</script>'),
    );
    expect(script.status).toBe(400);
    expect(script.body.error.issues[0]).toMatchObject({ path: 'body.file', rule: 'file-type' });
  });

  it('refuses a polyglot: a page that carries a PDF header further on is not a PDF', async () => {
    const application = await addApplication(t.database.db);
    const page = '<html><script>fetch("/api/users").then(r => r.text())</script>'.padEnd(100);
    const polyglot = Buffer.concat([Buffer.from(page), tinyPdf]);
    expect(polyglot.indexOf('%PDF-')).toBe(100);

    const refused = await upload(application.aid, 'other', 'statement.pdf', polyglot);
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues[0]).toMatchObject({ path: 'body.file', rule: 'file-type' });
    const detail = await t.app.inject({
      url: `/api/applications/${application.aid}`,
      headers: { cookie },
    });
    expect((detail.json() as Detail).documents).toEqual([]);
  });

  it('refuses files above 10 MB (413), empty files, and bodies that are not multipart', async () => {
    const application = await addApplication(t.database.db);
    const big = Buffer.concat([tinyPdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(application.aid, 'other', 'big.pdf', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('payload-too-large');

    const empty = await upload(application.aid, 'other', 'empty.pdf', Buffer.alloc(0));
    expect(empty.status).toBe(400);

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${application.aid}/documents?type=other`,
      headers: { cookie },
      payload: { file: 'nope' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.issues[0].path).toBe('body.file');

    const badType = await upload(application.aid, 'selfie', 'x.pdf', tinyPdf);
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('query.type');

    const stored = await t.database.db
      .selectFrom('application_documents')
      .select('id')
      .where('aid', '=', application.aid)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses uploads from a read-only operator and to a decided application', async () => {
    const open = await addApplication(t.database.db);
    expect((await upload(open.aid, 'other', 'a.pdf', tinyPdf, readOnlyCookie)).status).toBe(403);
    const closed = await addApplication(t.database.db, { status: 'approved' });
    const refused = await upload(closed.aid, 'other', 'a.pdf', tinyPdf);
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues[0].rule).toBe('transition');
  });

  it('removes a document (version checked) and its bytes', async () => {
    const application = await addApplication(t.database.db);
    const { body } = await upload(application.aid, 'other', 'wrong.pdf', tinyPdf);
    const id = body.document.id as string;
    const stale = await t.app.inject({
      method: 'DELETE',
      url: `/api/applications/${application.aid}/documents/${id}?version=1`,
      headers: { cookie },
    });
    expect(stale.statusCode).toBe(409);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/applications/${application.aid}/documents/${id}?version=2`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Detail>().documents).toEqual([]);
    const gone = await t.app.inject({
      url: `/api/applications/${application.aid}/documents/${id}`,
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('recognises formats by their signatures and keeps names safe', () => {
    expect(detectDocumentType(tinyPdf)).toBe('application/pdf');
    expect(detectDocumentType(tinyPng)).toBe('image/png');
    expect(detectDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(detectDocumentType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe(
      'image/webp',
    );
    expect(detectDocumentType(Buffer.from('GIF89a'))).toBeNull();
    expect(cleanFileName('C:\\Users\\x\\..\\scan"1".pdf', 'application/pdf')).toBe('scan1.pdf');
    expect(cleanFileName('', 'image/png')).toBe('document.png');
    expect(inlineDisposition('Bestätigung.pdf')).toBe(
      `inline; filename="Best_tigung.pdf"; filename*=UTF-8''Best%C3%A4tigung.pdf`,
    );
  });
});

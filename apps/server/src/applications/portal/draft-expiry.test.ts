import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, createTestApp, type TestApp } from '../../../test/app';
import { tinyPdf } from '../test-fixtures';
import { deleteExpiredDrafts, remindUntouchedDrafts } from './draft-expiry';
import { auditEntriesOf } from '../../../test/audit';

const dayMs = 24 * 60 * 60 * 1000;
/** A fixed instant of the job's run: 10:00 in Zurich on 15 June 2026. */
const runAt = new Date('2026-06-15T08:00:00Z');
const daysBefore = (days: number) => new Date(runAt.getTime() - days * dayMs);

/**
 * Online drafts nobody finishes (issue 34): reminded once at 80 days untouched, deleted with
 * their files at 90, at fixed instants; submitted applications and imported ones never.
 */
describe('the draft expiry job', () => {
  let t: TestApp;
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A draft of a new applicant, last changed `untouchedDays` before the run. */
  async function draftOf(
    untouchedDays: number,
    options: { language?: 'en' | 'fr'; status?: string; source?: string } = {},
  ) {
    sequence++;
    const email = `drafter${sequence}@applicants.example`;
    const { uid } = await addTestUser(t.database, email);
    await sql`UPDATE users SET preferred_language = ${options.language ?? 'en'} WHERE uid = ${uid}`.execute(
      t.database.db,
    );
    const aid = `draft-${sequence}`;
    const number = `A-8${String(sequence).padStart(5, '0')}`;
    await t.database.db
      .insertInto('applications')
      .values({
        aid,
        number,
        category: 'individual',
        status: (options.status ?? 'draft') as 'draft',
        source: (options.source ?? 'online') as 'online',
        legal_name: `Drafting Company ${sequence}`,
        company: JSON.stringify({ legalName: `Drafting Company ${sequence}` }),
        address: JSON.stringify({}),
        contacts: JSON.stringify([{ role: 'primary', name: `Dora ${sequence}` }]),
        documents: JSON.stringify([]),
        submitted_by_uid: uid,
      })
      .execute();
    await t.database.db
      .insertInto('application_documents')
      .values({
        id: `doc-${sequence}`,
        aid,
        type: 'registry-extract',
        file_name: 'extract.pdf',
        content_type: 'application/pdf',
        size_bytes: tinyPdf.length,
        sha256: 'x'.repeat(64),
        content: tinyPdf,
        uploaded_by: uid,
      })
      .execute();
    await sql`UPDATE applications SET updated_at = ${daysBefore(untouchedDays)} WHERE aid = ${aid}`.execute(
      t.database.db,
    );
    return { aid, number, email };
  }

  const remindersTo = async (aid: string) =>
    t.database.db
      .selectFrom('emails')
      .select(['to_addresses', 'subject', 'text_body'])
      .where('kind', '=', 'application-draft-reminder')
      .where('related_id', '=', aid)
      .execute();
  const stillThere = async (aid: string) =>
    (await t.database.db
      .selectFrom('applications')
      .select('aid')
      .where('aid', '=', aid)
      .executeTakeFirst()) !== undefined;
  const remind = () =>
    remindUntouchedDrafts(t.database.db, {
      mailFrom: 'Operations <ops@example.org>',
      portalUrl: 'https://portal.example.org',
      now: runAt,
    });

  it('reminds at 80 days untouched, once, in the applicant’s language, with the day of deletion', async () => {
    const fresh = await draftOf(79);
    const due = await draftOf(80.5, { language: 'fr' });
    expect(await remind()).toBeGreaterThanOrEqual(1);
    expect(await remindersTo(fresh.aid)).toEqual([]);
    const [reminder, ...more] = await remindersTo(due.aid);
    expect(more).toEqual([]);
    expect(reminder?.to_addresses).toEqual([due.email]);
    expect(reminder?.subject).toBe(`Votre demande d’adhésion ${due.number} vous attend`);
    // Untouched since 26 March 2026 (80.5 days before the run): deleted 90 days after.
    expect(reminder?.text_body).toContain('24 juin 2026');
    expect(reminder?.text_body).toContain(`https://portal.example.org/applications/${due.aid}`);
    expect(reminder?.text_body).toContain('Bonjour Dora');

    // The job runs again (a retry, the next day): no second reminder for the same silence.
    await remind();
    expect(await remindersTo(due.aid)).toHaveLength(1);
    // A step saved since starts the 90 days again; at 80 days more it is reminded again.
    await sql`UPDATE applications SET updated_at = ${daysBefore(0)} WHERE aid = ${due.aid}`.execute(
      t.database.db,
    );
    await remind();
    expect(await remindersTo(due.aid)).toHaveLength(1);
  });

  it('deletes a draft untouched for 90 days with its files, audited, and nothing else', async () => {
    const expired = await draftOf(90.2);
    const young = await draftOf(89.8);
    const submitted = await draftOf(200, { status: 'submitted' });
    const imported = await draftOf(200, { source: 'imported' });
    expect(await deleteExpiredDrafts(t.database.db, runAt)).toBeGreaterThanOrEqual(1);

    expect(await stillThere(expired.aid)).toBe(false);
    const files = await t.database.db
      .selectFrom('application_documents')
      .select('id')
      .where('aid', '=', expired.aid)
      .execute();
    expect(files).toEqual([]);
    const audit = await auditEntriesOf(t.database.db, 'applications', expired.aid)
      .select(['action', 'actor_kind', 'before'])
      .execute();
    expect(audit).toEqual([
      {
        action: 'delete',
        actor_kind: 'system',
        before: { number: expired.number, status: 'draft', untouchedDays: 90 },
      },
    ]);
    for (const kept of [young, submitted, imported]) expect(await stillThere(kept.aid)).toBe(true);
    // Running again deletes nothing more.
    expect(await deleteExpiredDrafts(t.database.db, runAt)).toBe(0);
  });
});

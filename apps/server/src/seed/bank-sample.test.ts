import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { DatabaseHandle } from '../db/database';
import { firstStartDemoScale } from '../server';
import { importBankFile } from '../bank-statements';
import { cliActor } from '../db/audit';
import { buildDemoBankSample, demoBankSampleExpectation, demoBankSamplePath } from './bank-sample';
import { seedDemo } from './demo';
import { DEMO_REFERENCE_DATE } from './demo-plan';

/** The booking day of the committed sample (the day after its demo's). */
const demoBankSampleDay = '2026-03-02';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const committedSample = path.join(repositoryRoot, demoBankSamplePath);

describe('the demo bank file (docs/samples/camt054-demo.xml)', () => {
  let database: DatabaseHandle;
  let generated: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The demo data of a first start (same scale, same seed) on the committed file's day: a
    // person's own demo is of the day they load it, and `seed bank-sample` writes its file.
    await seedDemo({
      pool: database.pool,
      scale: firstStartDemoScale,
      seed: 1,
      referenceDate: DEMO_REFERENCE_DATE,
    });
    generated = await buildDemoBankSample(database.db, { day: demoBankSampleDay });
    // `UPDATE_BANK_SAMPLE=1 npx vitest run apps/server/src/seed/bank-sample.test.ts` rewrites it.
    if (process.env.UPDATE_BANK_SAMPLE === '1') await writeFile(committedSample, generated);
  }, 180_000);
  afterAll(() => database.close());

  it('is the file the demo data generates (regenerate it with `npm run ops -- seed bank-sample`)', async () => {
    expect(await readFile(committedSample, 'utf8')).toBe(generated);
  });

  it('imports into the fresh demo data as the README says: every way a payment is matched', async () => {
    const report = await importBankFile(
      database.db,
      cliActor,
      { content: await readFile(committedSample), fileName: 'camt054-demo.xml' },
      { publicUrl: 'http://localhost', mailFrom: 'ops@example.org' },
    );
    expect(report.counts).toMatchObject(demoBankSampleExpectation);
    // Importing it again books nothing twice.
    const again = await importBankFile(
      database.db,
      cliActor,
      { content: await readFile(committedSample), fileName: 'camt054-demo.xml' },
      { publicUrl: 'http://localhost', mailFrom: 'ops@example.org' },
    );
    expect(again.counts).toMatchObject({ paid: 0, partial: 0, overpaid: 0, suggested: 0 });
    expect(again.counts.duplicates).toBe(demoBankSampleExpectation.entries);
  });
});

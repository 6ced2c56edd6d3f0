import type { TDunningReport } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { todayAtHeadquarters } from '../lib/dates';
import { reportOf, summarizeDue } from './report';
import { loadDunningSettings } from './settings';

/** GET /api/dunning/preview: what a run on `asOf` would send; nothing is written. */
export async function previewDunning(
  db: Kysely<Database>,
  asOf: string = todayAtHeadquarters(),
): Promise<TDunningReport> {
  const settings = await loadDunningSettings(db);
  return reportOf(asOf, settings, await summarizeDue(db, asOf, settings));
}

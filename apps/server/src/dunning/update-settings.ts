import type { TDunningSettings, TDunningSettingsUpdate } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, updateRecord, updateRecordPart } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { loadDunningSettings, toDunningSettings } from './settings';

/** The settings as one audited value: what the history shows before and after a save. */
function auditedView(settings: TDunningSettings) {
  return {
    recent_payment_days: settings.recentPaymentDays,
    levels: settings.levels.map((level) => ({
      level: level.level,
      name: level.name,
      days_after_due: level.daysAfterDue,
      template_kind: level.templateKind,
      attach_pdf: level.attachPdf,
      enabled: level.enabled,
    })),
    minimums: Object.fromEntries(
      settings.minimums.map((minimum) => [minimum.currency, minimum.minimumMinor]),
    ),
  };
}

/**
 * PUT /api/dunning/settings: the four levels, the minimums and the recent-payment days in one
 * transaction, checked against the version the operator read (the settings row's: the screen
 * edits them as one form) and audited as one entry with the whole before and after. The
 * contract already refused days that do not increase with the level; `suspends` stays with the
 * last level (a column check).
 */
export async function updateDunningSettings(
  db: Kysely<Database>,
  actor: Actor,
  update: TDunningSettingsUpdate,
): Promise<TDunningSettings> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'dunning_settings', 'dunning', { version: update.version });
    const before = auditedView(toDunningSettings(await loadDunningSettings(trx)));
    for (const level of update.levels) {
      await updateRecordPart(trx, actor, 'dunning_levels', String(level.level), {
        name: level.name,
        days_after_due: level.daysAfterDue,
        template_kind: level.templateKind,
        attach_pdf: level.attachPdf,
        enabled: level.enabled,
      });
    }
    for (const minimum of update.minimums) {
      await trx
        .insertInto('dunning_minimums')
        .values({ currency: minimum.currency, minimum_minor: minimum.minimumMinor })
        .onConflict((conflict) =>
          conflict.column('currency').doUpdateSet({ minimum_minor: minimum.minimumMinor }),
        )
        .execute();
    }
    const after = auditedView(
      toDunningSettings({
        ...(await loadDunningSettings(trx)),
        recentPaymentDays: update.recentPaymentDays,
      }),
    );
    await updateRecord(
      trx,
      actor,
      'dunning_settings',
      row,
      { recent_payment_days: update.recentPaymentDays },
      { action: 'update', beforeDetails: before, details: after },
    );
    return toDunningSettings(await loadDunningSettings(trx));
  });
}

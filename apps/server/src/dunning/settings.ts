import {
  invoiceCurrencies,
  type TDunningLevel,
  type TDunningSettings,
  type TDunningTemplateKind,
} from '@ops/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, DunningLevelsTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A level as the engine reads it. */
export type DunningLevelRow = Selectable<DunningLevelsTable>;

/** What a run or a preview reads once: the levels, the minimums, the recent-payment days. */
export type DunningSettingsRows = {
  levels: DunningLevelRow[];
  minimums: { currency: string; minimum_minor: string }[];
  recentPaymentDays: number;
  version: number;
  updatedAt: Date;
  updatedBy: string | null;
};

/** The settings rows (migration 0033 wrote the defaults), levels in order. */
export async function loadDunningSettings(db: Db): Promise<DunningSettingsRows> {
  const [levels, minimums, settings] = await Promise.all([
    db.selectFrom('dunning_levels').selectAll().orderBy('level').execute(),
    db.selectFrom('dunning_minimums').select(['currency', 'minimum_minor']).execute(),
    db
      .selectFrom('dunning_settings as s')
      .leftJoin('users as u', 'u.uid', 's.updated_by')
      .select(['s.recent_payment_days', 's.version', 's.updated_at', 's.updated_by'])
      .select('u.email as updated_by_email')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    levels,
    minimums: minimums.map((row) => ({ ...row, currency: row.currency.trim() })),
    recentPaymentDays: settings.recent_payment_days,
    version: settings.version,
    updatedAt: new Date(settings.updated_at),
    updatedBy: settings.updated_by_email ?? settings.updated_by,
  };
}

function toLevel(row: DunningLevelRow): TDunningLevel {
  return {
    level: row.level,
    name: row.name,
    daysAfterDue: row.days_after_due,
    templateKind: row.template_kind as TDunningTemplateKind,
    attachPdf: row.attach_pdf,
    suspends: row.suspends,
    enabled: row.enabled,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

type Currency = (typeof invoiceCurrencies)[number];

/** The settings as the API shows them: every invoice currency has its minimum (0 when unset). */
export function toDunningSettings(rows: DunningSettingsRows): TDunningSettings {
  const minimum = new Map(rows.minimums.map((row) => [row.currency, Number(row.minimum_minor)]));
  return {
    levels: rows.levels.map(toLevel),
    minimums: invoiceCurrencies.map((currency: Currency) => ({
      currency,
      minimumMinor: minimum.get(currency) ?? 0,
    })),
    recentPaymentDays: rows.recentPaymentDays,
    version: rows.version,
    updatedAt: rows.updatedAt.toISOString(),
    updatedBy: rows.updatedBy,
  };
}

/** GET /api/dunning/settings. */
export async function getDunningSettings(db: Kysely<Database>): Promise<TDunningSettings> {
  return toDunningSettings(await loadDunningSettings(db));
}

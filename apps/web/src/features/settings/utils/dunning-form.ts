import {
  formatMinorPlain,
  invoiceCurrencies,
  parseMajorAmount,
  ZDunningSettingsUpdate,
  type TDunningSettings,
  type TDunningSettingsUpdate,
  type TDunningTemplateKind,
} from '@ops/contract';

/**
 * The dunning settings form's values: numbers as the person types them (checked on save), one
 * minimum row per invoice currency (empty: no minimum, every open balance is chased).
 */
export type DunningFormValues = {
  levels: {
    level: number;
    name: string;
    daysAfterDue: string;
    templateKind: TDunningTemplateKind;
    attachPdf: boolean;
    enabled: boolean;
    /** Shown, not edited: only the last level suspends. */
    suspends: boolean;
  }[];
  minimums: { currency: (typeof invoiceCurrencies)[number]; amount: string }[];
  recentPaymentDays: string;
};

/** A problem with one field of the form (its react-hook-form path), or of none (`path: null`). */
export type DunningFormIssue = { path: string | null; message: string };

export function dunningFormValuesOf(settings: TDunningSettings): DunningFormValues {
  return {
    levels: settings.levels.map((level) => ({
      level: level.level,
      name: level.name,
      daysAfterDue: String(level.daysAfterDue),
      templateKind: level.templateKind,
      attachPdf: level.attachPdf,
      enabled: level.enabled,
      suspends: level.suspends,
    })),
    minimums: invoiceCurrencies.map((currency) => {
      const minimum = settings.minimums.find((entry) => entry.currency === currency);
      return { currency, amount: minimum ? formatMinorPlain(minimum.minimumMinor) : '' };
    }),
    recentPaymentDays: String(settings.recentPaymentDays),
  };
}

/** "10" → 10; null for anything but a whole number of days. */
function wholeDays(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Where an issue of the contract's update (`levels.1.daysAfterDue`, `minimums.0.minimumMinor`;
 * the server's 400 says `body.` first) shows on the form: the minimums sent are only the rows
 * with an amount, so `sentMinimumRows[i]` is the form row of the i-th one sent. Null for an
 * issue no field shows (it goes above the form).
 */
export function dunningFormPathOf(issuePath: string, sentMinimumRows: readonly number[]) {
  const path = issuePath.replace(/^body\./, '');
  const level = /^levels\.(\d)\.(name|daysAfterDue|templateKind)$/.exec(path);
  if (level && Number(level[1]) < 4) return path;
  const minimum = /^minimums\.(\d+)(?:\.\w+)?$/.exec(path);
  if (minimum) {
    const row = sentMinimumRows[Number(minimum[1])];
    return row === undefined ? null : `minimums.${row}.amount`;
  }
  return path === 'recentPaymentDays' ? path : null;
}

/**
 * The update to send, checked with the contract's own schema (the server's rules, the same
 * messages), or the issues placed on the form's fields. `sentMinimumRows` maps the minimums
 * sent back to the form's rows (for the server's issues too).
 */
export function dunningUpdateOf(
  values: DunningFormValues,
  version: number,
):
  | { ok: true; update: TDunningSettingsUpdate; sentMinimumRows: number[] }
  | { ok: false; issues: DunningFormIssue[] } {
  const issues: DunningFormIssue[] = [];
  const levels = values.levels.map((level, index) => {
    const days = wholeDays(level.daysAfterDue);
    if (days === null) {
      issues.push({ path: `levels.${index}.daysAfterDue`, message: 'Whole days, e.g. 10' });
    }
    return {
      level: level.level,
      name: level.name,
      daysAfterDue: days ?? 0,
      templateKind: level.templateKind,
      attachPdf: level.attachPdf,
      enabled: level.enabled,
    };
  });
  const minimums: TDunningSettingsUpdate['minimums'] = [];
  const sentMinimumRows: number[] = [];
  values.minimums.forEach((row, index) => {
    if (row.amount.trim() === '') return;
    const parsed = parseMajorAmount(row.amount);
    if (!parsed.ok) {
      issues.push({ path: `minimums.${index}.amount`, message: parsed.message });
      return;
    }
    minimums.push({ currency: row.currency, minimumMinor: parsed.minor });
    sentMinimumRows.push(index);
  });
  const recentPaymentDays = wholeDays(values.recentPaymentDays);
  if (recentPaymentDays === null) {
    issues.push({ path: 'recentPaymentDays', message: 'Whole days, e.g. 14' });
  }
  const update = { levels, minimums, recentPaymentDays: recentPaymentDays ?? 0, version };
  const checked = ZDunningSettingsUpdate.safeParse(update);
  if (checked.success && issues.length === 0) {
    return { ok: true, update: checked.data, sentMinimumRows };
  }
  // A field that could not be read already has its message; the schema's would only repeat it.
  const unreadable = new Set(issues.map((issue) => issue.path));
  for (const issue of checked.error?.issues ?? []) {
    const path = dunningFormPathOf(issue.path.map(String).join('.'), sentMinimumRows);
    if (path !== null && unreadable.has(path)) continue;
    issues.push({ path, message: issue.message });
  }
  return { ok: false, issues };
}

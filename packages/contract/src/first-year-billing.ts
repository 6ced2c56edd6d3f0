/**
 * How a new member's first membership invoice is billed (issue 32: approved on 2 December, a
 * member was billed the whole year, due on 1 January). A federation setting; the approval
 * applies it and the approve dialog shows it before anyone clicks. Zod-free: the browser
 * imports it to word the rule and its example.
 */
export const firstYearRules = ['full-year', 'next-year-from-cutoff', 'pro-rata-by-month'] as const;
export type FirstYearRule = (typeof firstYearRules)[number];

export const firstYearRuleLabels: Record<FirstYearRule, string> = {
  'full-year': 'The whole current year',
  'next-year-from-cutoff': 'Next year, when approved from the cut-off month',
  'pro-rata-by-month': 'The rest of the current year, by month',
};

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "October" for 10. */
export function monthName(month: number): string {
  return monthNames[month - 1] ?? String(month);
}

export type FirstYearSettings = { rule: FirstYearRule; cutoffMonth: number };

/** What the first invoice bills: the membership year, how many of its months, the fee. */
export type FirstYearPlan = {
  year: number;
  /** Months of the year billed: 12, or the months left counting the approval's (pro rata). */
  months: number;
  feeMinor: number;
  /** Why, in a sentence, e.g. "Approved from 1 October: billed for 2027 in full." */
  reason: string;
};

/**
 * The first year of a member approved on `today` (headquarters' day, YYYY-MM-DD) whose full
 * yearly fee is `fullFeeMinor`. Pro rata counts the month of approval as a whole one and rounds
 * to the minor unit (e.g. CHF 950.00 in December: one month, CHF 79.17).
 */
export function planFirstYear(
  settings: FirstYearSettings,
  today: string,
  fullFeeMinor: number,
): FirstYearPlan {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (settings.rule) {
    case 'next-year-from-cutoff':
      return month >= settings.cutoffMonth
        ? {
            year: year + 1,
            months: 12,
            feeMinor: fullFeeMinor,
            reason: `Approved from 1 ${monthName(settings.cutoffMonth)}: billed for ${year + 1} in full.`,
          }
        : {
            year,
            months: 12,
            feeMinor: fullFeeMinor,
            reason: `Approved before 1 ${monthName(settings.cutoffMonth)}: billed for ${year} in full.`,
          };
    case 'pro-rata-by-month': {
      const months = 13 - month;
      return {
        year,
        months,
        feeMinor: Math.round((fullFeeMinor * months) / 12),
        reason:
          months === 12
            ? `Approved in January: billed for ${year} in full.`
            : `Billed for the rest of ${year} by month: ${months} of 12 months, from ${monthName(month)}.`,
      };
    }
    case 'full-year':
      return {
        year,
        months: 12,
        feeMinor: fullFeeMinor,
        reason: `Billed for ${year} in full, whatever the month of approval.`,
      };
  }
}

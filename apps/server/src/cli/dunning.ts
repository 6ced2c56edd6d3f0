import { writeFile } from 'node:fs/promises';
import {
  dunningSkipReasonLabels,
  formatMinorPlain,
  type TDunningLetters,
  type TDunningLettersPostedResult,
  type TDunningReport,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import { cliActor } from '../db/audit';
import type { Database } from '../db/schema';
import {
  lettersOf,
  loadDunningSettings,
  markLettersPosted,
  renderLettersPdf,
  selectLetters,
} from '../dunning';

/** A dunning report in a few lines: per level, the skipped per reason, postal notices. */
export function dunningReportSummary(report: TDunningReport): string {
  const totals = (list: TDunningReport['totals']) =>
    list.map((total) => `${total.currency} ${formatMinorPlain(total.amountMinor)}`).join(', ');
  const lines = [
    `Dunning ${report.dryRun ? 'preview' : 'run'} as of ${report.asOf}: ${report.itemsTotal} invoices${
      report.totals.length > 0 ? ` (${totals(report.totals)})` : ''
    }.`,
  ];
  for (const level of report.levels) {
    lines.push(
      `  ${level.name} (level ${level.level}): ${level.invoices}${
        level.totals.length > 0 ? ` (${totals(level.totals)})` : ''
      }`,
    );
  }
  lines.push(`  By post (no or undeliverable e-mail): ${report.postal}`);
  lines.push(`  Members ${report.dryRun ? 'to suspend' : 'suspended'}: ${report.suspended}`);
  if (!report.dryRun) lines.push(`  E-mails queued: ${report.emailsQueued}`);
  for (const skipped of report.skipped) {
    if (skipped.invoices > 0)
      lines.push(
        `  Skipped, ${dunningSkipReasonLabels[skipped.reason].toLowerCase()}: ${skipped.invoices}`,
      );
  }
  return lines.join('\n');
}

/** What `ops dunning letters` did: the letters listed, the file written, the letters marked. */
export type LettersOutcome = {
  letters: TDunningLetters;
  /** The PDF written (null: none asked, or nothing to print). */
  file: string | null;
  /** The confirmation, when --mark-posted asked for it. */
  posted: TDunningLettersPostedResult | null;
};

/**
 * `ops dunning letters`: the postal reminders that need a letter; with `--out` their PDF, with
 * `--mark-posted` the confirmation that they were posted. Marking takes the letters of this
 * PDF (`--out` with it), or those of the PDF printed for `--up-to` (the time a first
 * `--out` printed), never letters nobody printed.
 */
export async function dunningLettersFromCli(
  db: Kysely<Database>,
  options: { out?: string; markPosted: boolean; upTo?: Date },
): Promise<LettersOutcome> {
  const settings = await loadDunningSettings(db);
  const selection = await selectLetters(db, settings, { upTo: options.upTo });
  const letters = lettersOf(selection);
  let file: string | null = null;
  if (options.out && selection.letters.length > 0) {
    await writeFile(options.out, await renderLettersPdf(db, settings, selection));
    file = options.out;
  }
  const noticeIds = letters.letters.flatMap((letter) =>
    letter.invoices.map((invoice) => invoice.noticeId),
  );
  const posted =
    options.markPosted && noticeIds.length > 0
      ? await markLettersPosted(db, cliActor, { noticeIds })
      : null;
  return { letters, file, posted };
}

const letterCount = (count: number) => `${count} ${count === 1 ? 'letter' : 'letters'}`;

/** The outcome in a few lines: the letters (member, level, invoices), the unprintable, the next step. */
export function dunningLettersSummary(outcome: LettersOutcome, markPosted: boolean): string {
  const { letters, file, posted } = outcome;
  if (letters.letters.length === 0 && letters.unprintable.length === 0)
    return 'No postal reminder needs a letter.';
  const lines = [
    `Postal reminders: ${letterCount(letters.lettersTotal)} to print (${letters.invoices} ${letters.invoices === 1 ? 'invoice' : 'invoices'}${
      letters.lettersTotal > letters.letters.length
        ? `; the first ${letters.letters.length} in this PDF, print again for the rest`
        : ''
    }).`,
  ];
  for (const letter of letters.letters) {
    lines.push(
      `  ${letter.memberNumber} ${letter.memberName} (${letter.language}), ${letter.levelName}: ${letter.invoices
        .map(
          (invoice) =>
            `${invoice.invoiceNumber} ${invoice.currency} ${formatMinorPlain(invoice.balanceMinor)}`,
        )
        .join(', ')}`,
    );
  }
  if (letters.unprintable.length > 0) {
    lines.push(`Not printable (${letterCount(letters.unprintable.length)}):`);
    for (const letter of letters.unprintable) {
      lines.push(
        `  ${letter.memberNumber} ${letter.memberName}: ${letter.reason === 'member-deleted' ? 'the member is deleted' : 'no postal address (street and town)'}`,
      );
    }
  }
  if (file) lines.push(`Written to ${file}.`);
  if (posted) lines.push(posted.message);
  else if (file && !markPosted)
    lines.push(
      `Once printed and posted: ops dunning letters --mark-posted --up-to ${letters.preparedAt}`,
    );
  return lines.join('\n');
}

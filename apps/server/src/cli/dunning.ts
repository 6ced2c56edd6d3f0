import { dunningSkipReasonLabels, formatMinorPlain, type TDunningReport } from '@ops/contract';

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

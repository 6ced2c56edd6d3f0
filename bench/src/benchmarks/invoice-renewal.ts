import type { Benchmark } from '../lib/benchmark';
import { formatDuration } from '../lib/format';
import { runOps } from '../lib/operator';
import { seededDataDir, seedScale } from './seed';
import { clock } from '../../../apps/server/src/lib/clock';

/** The year after the demo data's current year: nobody has its invoice yet. */
const renewalYear = clock.year() + 1;

export const invoiceRenewal100k: Benchmark = {
  name: 'invoice-renewal-100k',
  measures:
    `\`npm run ops -- invoices renew --year ${renewalYear} --send-emails\` on the ` +
    `${seedScale.toLocaleString('en')}-member database of seed-100k (grown to a million invoices by billing-lists-1m when it ran first), from spawn to exit: every ` +
    'active member gets its membership invoice (numbered, referenced, audited) and an e-mail ' +
    'queued with it, in batches of 1,000 members, one transaction each.',
  unit: 'ms',
  target: 60_000,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: 1,
  async run(context) {
    const { dataDir } = await seededDataDir(context);
    const startedAt = performance.now();
    const output = await runOps(
      ['invoices', 'renew', '--year', String(renewalYear), '--send-emails'],
      dataDir,
      10 * 60_000,
    );
    const elapsedMs = performance.now() - startedAt;
    context.log(`renewed in ${formatDuration(elapsedMs)}: ${output.trim().split('\n').join(' ')}`);
    return { samples: [elapsedMs], details: { output: output.trim() } };
  },
};

import {
  constants,
  formatMinorPlain,
  operatorRoles,
  ZDunningLettersPdfQuery,
  ZDunningPreviewQuery,
  ZEmail,
  type OperatorRole,
} from '@ops/contract';
import { Command, InvalidArgumentError } from 'commander';
import { cliActor } from '../db/audit';
import { createUser, passwordProblem } from '../auth';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { AppError } from '../errors';
import { createLogger } from '../logger';
import { addOperator, removeOperator } from '../operators';
import {
  buildBankFile,
  buildDemoBankSample,
  demoBankSamplePath,
  loadCountries,
  seedDemo,
  seedInvoiceHistory,
} from '../seed';
import { access, writeFile } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { todayAtHeadquarters } from '../lib/dates';
import { requestRebuild, runRebuild, toSearchTask } from '../search';
import { writeTransaction } from '../db/transaction';
import { renewFromCli } from './renewal';
import { portalSignInLinkFromCli, signInLinkFromCli, SignInLinkRefused } from './sign-in-link';
import { runDunning } from '../dunning';
import { dunningLettersFromCli, dunningLettersSummary, dunningReportSummary } from './dunning';
import { bankImportJson, bankImportSummary, importBankFiles, UnreadableBankFile } from './bank';
import { awaitJob, listJobs, runJobFromCli, schedulesSummary } from './jobs';
import { installJobQueueSchema } from '../db/job-queue';
import { listExchangeRates } from '../exchange-rates';
import {
  importRatesFile,
  ratesImportSummary,
  ratesTable,
  readRatesFile,
  UnreadableRatesFile,
} from './exchange-rates';
import { BackupInputError } from '../backups';
import { backupFromCli, restoreFromCli } from './backup';
import { DataExportRefused, exportMemberDataFromCli } from './data-export';

/** A problem with what the person typed: exit code 2, like a usage error. */
class InputError extends Error {}

function parseEmail(value: string): string {
  const parsed = ZEmail.safeParse(value);
  if (!parsed.success) throw new InputError(`"${value}" is not a valid e-mail address.`);
  return parsed.data;
}

async function readPasswordArgument(value: string | undefined, email: string) {
  if (value === undefined) return undefined;
  let password = value;
  if (value === '-') {
    // `--password -` reads it from standard input, keeping it out of the shell history.
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    password = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  const problem = passwordProblem(password, email);
  if (problem) throw new InputError(`The password ${problem}.`);
  return password;
}

/**
 * `--roles a,b`: each must be one of the contract's operator roles. Checked in the action rather
 * than by commander so that a bad role is an input error (exit code 2) naming the role.
 */
function parseRoles(value: string): OperatorRole[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new InputError(`--roles needs at least one of: ${operatorRoles.join(', ')}.`);
  }
  const unknown = names.find((name) => !(operatorRoles as readonly string[]).includes(name));
  if (unknown !== undefined) {
    throw new InputError(
      `Unknown role "${unknown}" in --roles; the roles are: ${operatorRoles.join(', ')}.`,
    );
  }
  return [...new Set(names)] as OperatorRole[];
}

function parsePositiveInteger(max: number) {
  return (value: string) => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < 1 || number > max) {
      throw new InvalidArgumentError(`must be a whole number from 1 to ${max}.`);
    }
    return number;
  };
}

/** A calendar day written YYYY-MM-DD that exists (no 30 February). */
function parseDay(value: string): string {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(parsed.getTime()) ||
    parsed.toISOString().slice(0, 10) !== value
  ) {
    throw new InvalidArgumentError('must be a day that exists, written YYYY-MM-DD.');
  }
  return value;
}

/** Opens the database of this environment (the running server's, when one runs) and migrates. */
async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const logger = createLogger(
    config.logLevel === 'info' ? 'warn' : config.logLevel,
    config.logFormat,
    2,
  );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    role: 'cli',
    logger,
    poolSize: 4,
  });
  try {
    await migrateToLatest(database.db);
    await loadCountries(database.pool);
    return await work(database);
  } finally {
    await database.close();
  }
}

const program = new Command('ops')
  .description(
    'Operations command line. Works on the database of DATA_DIR or DATABASE_URL, also while the server runs.',
  )
  .showHelpAfterError()
  .configureOutput({ outputError: (text, write) => write(text) });

const users = program.command('users').description('Manage users');
users
  .command('add')
  .description('Create a user (signs in by e-mail link, and by password when one is given)')
  .argument('<email>', 'e-mail address')
  .option(
    '--password <password>',
    'at least 12 characters, not a common password ("-" reads it from stdin)',
  )
  .option('--name <display name>', 'display name')
  .action(async (rawEmail: string, options: { password?: string; name?: string }) => {
    const email = parseEmail(rawEmail);
    const password = await readPasswordArgument(options.password, email);
    const displayName = options.name?.trim();
    if (options.name !== undefined && !displayName)
      throw new InputError('The name must not be empty.');
    const user = await withDatabase((database) =>
      writeTransaction(database.db, (trx) =>
        createUser(trx, cliActor, { email, password, displayName }),
      ),
    );
    console.log(`Created user ${user.email} (uid ${user.uid}).`);
  });

const operators = program
  .command('operators')
  .description('Manage operators (who may use the console)');
operators
  .command('add')
  .description(
    'Make a user an operator with the roles given (admin without --roles, and it says so), creating the user when missing',
  )
  .argument('<email>', 'e-mail address')
  .option(
    '--roles <roles>',
    `comma-separated operator roles, from ${operatorRoles.join(', ')} (e.g. --roles finance,membership; default: admin). An existing operator keeps its roles (change them in the console)`,
  )
  .option('--name <name>', "the user's display name (set or changed)")
  .option('--password <password>', 'set this password (12+ characters; "-" reads it from stdin)')
  .addHelpText(
    'after',
    `
Without --roles the operator is an admin, as the operating contract's \`operators add <email>\`
has always made the first operator; the output names the roles given and that they were the
default. Give --roles read-only for someone who only needs to look.`,
  )
  .action(
    async (rawEmail: string, options: { password?: string; roles?: string; name?: string }) => {
      const email = parseEmail(rawEmail);
      // The operating contract's `operators add <email>` (scripts and tests outside the project)
      // makes an operator who can set everything up; it now says so instead of doing it silently.
      const isDefaultRoles = options.roles === undefined;
      const roles: OperatorRole[] = isDefaultRoles ? ['admin'] : parseRoles(options.roles ?? '');
      const displayName = options.name?.trim();
      if (options.name !== undefined && !displayName)
        throw new InputError('The name must not be empty.');
      const password = await readPasswordArgument(options.password, email);
      const result = await withDatabase((database) =>
        addOperator(database.db, cliActor, { email, password, roles, displayName }),
      );
      const name = result.user.display_name ? ` (${result.user.display_name})` : ' (no name)';
      const created = result.isNewUser ? ' (new user created)' : '';
      const passwordNote = result.isPasswordSet ? '; password set' : '';
      const given = `${result.roles.join(', ')}${isDefaultRoles && !result.wasOperator ? ' (the default without --roles)' : ''}`;
      if (result.wasOperator) {
        const unchanged =
          result.roles.length === roles.length && roles.every((role) => result.roles.includes(role))
            ? ''
            : ` (roles unchanged: --roles ${roles.join(',')} was not applied; change roles on the console's Operators screen)`;
        console.log(
          `${result.user.email}${name} is already an operator with roles: ${given}${unchanged}${passwordNote}.`,
        );
      } else {
        console.log(
          `${result.user.email}${name} is now an operator with roles: ${given}${created}${passwordNote}.`,
        );
      }
    },
  );
operators
  .command('remove')
  .description('End the operator role of a user (the user stays)')
  .argument('<email>', 'e-mail address')
  .action(async (rawEmail: string) => {
    const email = parseEmail(rawEmail);
    await withDatabase((database) => removeOperator(database.db, cliActor, email));
    console.log(`${email} is no longer an operator.`);
  });

program
  .command('sign-in-link')
  .description(
    'Print a fresh single-use sign-in link (valid 15 minutes) for an operator, e.g. when no e-mail reaches them',
  )
  .argument('<email>', "the operator's e-mail address")
  .action(async (rawEmail: string) => {
    const email = parseEmail(rawEmail);
    const config = loadConfig();
    try {
      console.log(await withDatabase((database) => signInLinkFromCli(database, config, email)));
    } catch (error) {
      if (error instanceof SignInLinkRefused) throw new InputError(error.message);
      throw error;
    }
  });

program
  .command('portal-sign-in-link')
  .description(
    "Print a fresh single-use sign-in link (valid 15 minutes) to the member portal for a member's user (owner, admin or staff), or a member's owner by its number",
  )
  .argument(
    '<who>',
    "the member's user's e-mail address, or a member number (M-000001) for its owner",
  )
  .action(async (who: string) => {
    const person = /^M-[0-9A-Za-z-]+$/.test(who.trim())
      ? { memberNumber: who.trim() }
      : { email: parseEmail(who) };
    const config = loadConfig();
    try {
      console.log(
        await withDatabase((database) => portalSignInLinkFromCli(database, config, person)),
      );
    } catch (error) {
      if (error instanceof SignInLinkRefused) throw new InputError(error.message);
      throw error;
    }
  });

const seed = program.command('seed').description('Load data sets');
seed
  .command('demo')
  .description('Load the deterministic demo data set into an empty database')
  .option(
    '--scale <members>',
    'number of members (related records scale with it)',
    parsePositiveInteger(2_000_000),
    1_000,
  )
  .option(
    '--seed <number>',
    'seed of the generator: same seed, same data',
    parsePositiveInteger(2 ** 31 - 1),
    1,
  )
  .option(
    '--as-of <YYYY-MM-DD>',
    'the day the data is of: joiners, payments and receivables end there (default: today at headquarters)',
    parseDay,
  )
  .action(async (options: { scale: number; seed: number; asOf?: string }) => {
    const report = await withDatabase((database) =>
      seedDemo({
        pool: database.pool,
        scale: options.scale,
        seed: options.seed,
        referenceDate: options.asOf,
        onProgress: (step, done, total) => {
          if (process.stdout.isTTY)
            process.stdout.write(
              `\r${step}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}   `,
            );
        },
      }),
    );
    if (process.stdout.isTTY) process.stdout.write('\n');
    console.log(JSON.stringify(report, null, 2));
  });

seed
  .command('invoice-history')
  .description(
    "Add earlier years' paid membership invoices (a legacy ledger) until the invoices table holds --total rows (benchmarks at a million invoices)",
  )
  .requiredOption(
    '--total <invoices>',
    'invoices the table should hold',
    parsePositiveInteger(5_000_000),
  )
  .action(async (options: { total: number }) => {
    const report = await withDatabase((database) =>
      seedInvoiceHistory(database.pool, options.total, (year, done, total) => {
        if (process.stdout.isTTY)
          process.stdout.write(
            `\r${year}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}   `,
          );
      }),
    );
    if (process.stdout.isTTY) process.stdout.write('\n');
    console.log(JSON.stringify(report, null, 2));
  });

seed
  .command('bank-sample')
  .description(
    `Write the demo bank file (a camt.054 for the demo data: every way a payment is matched) to --out (default ${demoBankSamplePath}) or standard output with --out -`,
  )
  .option('--out <file>', 'where to write it', demoBankSamplePath)
  .option(
    '--day <YYYY-MM-DD>',
    "the payments' booking day (default: yesterday at headquarters)",
    parseDay,
  )
  .action(async (options: { out: string; day?: string }) => {
    const xml = await withDatabase((database) =>
      buildDemoBankSample(database.db, { day: options.day }),
    );
    if (options.out === '-') process.stdout.write(xml);
    else {
      await writeFile(options.out, xml);
      console.log(`Wrote ${options.out} (${xml.length.toLocaleString('en')} bytes).`);
    }
  });

seed
  .command('bank-file')
  .description(
    "Write a large camt.054 paying this database's open invoices by reference, in batch bookings (the bank import benchmark)",
  )
  .requiredOption('--out <file>', 'where to write it')
  .option('--entries <count>', 'credit transactions', parsePositiveInteger(1_000_000), 10_000)
  .option('--batch <count>', 'transactions per batch booking', parsePositiveInteger(1_000), 50)
  .option(
    '--matching <percent>',
    'share paying an open invoice by reference',
    parsePositiveInteger(100),
    95,
  )
  .option('--day <YYYY-MM-DD>', 'the day the payments arrived', todayAtHeadquarters())
  .action(
    async (options: {
      out: string;
      entries: number;
      batch: number;
      matching: number;
      day: string;
    }) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(options.day)) {
        throw new InputError(`--day "${options.day}" is not a date written YYYY-MM-DD.`);
      }
      const file = await withDatabase((database) =>
        buildBankFile(database.db, {
          entries: options.entries,
          batchSize: options.batch,
          matching: options.matching / 100,
          day: options.day,
        }),
      );
      await writeFile(options.out, file.xml);
      console.log(
        JSON.stringify({
          file: options.out,
          bytes: file.xml.length,
          matching: file.matching,
          unmatched: file.unmatched,
        }),
      );
    },
  );

const search = program.command('search').description('Search index');
search
  .command('reindex')
  .description('Rebuild the search index (build, then swap; searches go on meanwhile)')
  .action(async () => {
    const config = loadConfig();
    const logger = createLogger(
      config.logLevel === 'info' ? 'warn' : config.logLevel,
      config.logFormat,
      2,
    );
    const task = await withDatabase(async (database) => {
      const { task: requested } = await requestRebuild(database.db, config.searchIndex, null);
      const readTask = () =>
        database.db
          .selectFrom('search_tasks')
          .selectAll()
          .where('uid', '=', requested.uid)
          .executeTakeFirstOrThrow();
      // The rebuild runs here, unless a running server's worker took it first: then follow it.
      const showProgress = setInterval(() => {
        void readTask().then((row) => {
          if (process.stderr.isTTY && row.total > 0) {
            process.stderr.write(
              `\rsearch reindex: ${row.processed.toLocaleString('en')} / ${row.total.toLocaleString('en')} documents   `,
            );
          }
        });
      }, 250);
      try {
        const outcome = await runRebuild(database.pool, requested.uid, logger);
        if (outcome.status !== 'busy') return outcome.task;
        for (;;) {
          const row = await readTask();
          if (row.status === 'succeeded' || row.status === 'failed') return row;
          await new Promise((resolve) => setTimeout(resolve, constants.searchTaskIntervalMs));
        }
      } finally {
        clearInterval(showProgress);
        if (process.stderr.isTTY) process.stderr.write('\n');
      }
    });
    console.log(JSON.stringify(toSearchTask(task), null, 2));
    if (task.status === 'failed') {
      throw new AppError('internal', `The rebuild failed: ${task.error ?? 'unknown error'}`);
    }
  });

const invoices = program.command('invoices').description('Invoices');
invoices
  .command('renew')
  .description(
    "Issue a year's membership invoices to every active member who has none for it yet (idempotent)",
  )
  .requiredOption('--year <year>', 'the membership year to invoice, e.g. 2027', (value: string) => {
    const year = Number(value);
    if (!/^\d{4}$/.test(value) || year < 2000 || year > 2100) {
      throw new InvalidArgumentError('must be a year from 2000 to 2100.');
    }
    return year;
  })
  .option(
    '--send-emails',
    "e-mail each new invoice to its member (the PDF is made as the e-mail leaves; a running console's worker delivers them)",
  )
  .action(async (options: { year: number; sendEmails?: boolean }) => {
    const config = loadConfig();
    const run = await withDatabase((database) =>
      renewFromCli(
        database,
        config,
        { year: options.year, sendEmails: options.sendEmails === true },
        (step) => {
          if (process.stderr.isTTY)
            process.stderr.write(
              `\rinvoices renew: ${step.processed.toLocaleString('en')} / ${step.total.toLocaleString('en')} members   `,
            );
        },
      ),
    );
    if (process.stderr.isTTY) process.stderr.write('\n');
    const totals = run.totals
      .map((sum) => `${sum.currency} ${formatMinorPlain(sum.totalMinor)} (${sum.count})`)
      .join(', ');
    console.log(
      `Renewal ${run.year}: ${run.issued} invoices issued${totals ? ` (${totals})` : ''}, ${run.alreadyInvoiced} members already invoiced, of ${run.total} active members.`,
    );
    if (run.sendEmails) console.log(`${run.emailsQueued} invoice e-mails queued.`);
    for (const skipped of run.skipped) console.log(`Skipped ${skipped.count}: ${skipped.reason}.`);
    if (run.status === 'failed') {
      throw new AppError('internal', `The renewal run failed: ${run.error ?? 'unknown error'}`);
    }
  });

const dunning = program.command('dunning').description('Dunning: reminders for unpaid invoices');
dunning
  .command('run')
  .description(
    'Send every dunning level that is due (never one twice for an invoice), or preview them with --dry-run',
  )
  .option('--as-of <date>', 'the day to chase for, YYYY-MM-DD (default: today at headquarters)')
  .option('--dry-run', 'only show who would get which level; nothing is written or sent')
  .option('--json', 'print the report as one JSON object')
  .action(async (options: { asOf?: string; dryRun?: boolean; json?: boolean }) => {
    const asOf = options.asOf ?? todayAtHeadquarters();
    const parsed = ZDunningPreviewQuery.safeParse({ asOf });
    if (!parsed.success) {
      throw new InputError(
        `--as-of "${asOf}": ${parsed.error.issues[0]?.message ?? 'not a date'} (a date as YYYY-MM-DD).`,
      );
    }
    const config = loadConfig();
    const report = await withDatabase((database) =>
      runDunning(database.db, {
        asOf,
        dryRun: options.dryRun === true,
        trigger: 'cli',
        operatorUid: null,
        mailFrom: config.mailFrom,
      }),
    );
    if (options.json) {
      console.log(JSON.stringify(report));
      return;
    }
    console.log(dunningReportSummary(report));
  });

dunning
  .command('letters')
  .description(
    'The postal reminders that need a letter (no working e-mail address): list them, write their PDF (a page per member and level, for a C5/DL window envelope) and, once posted, mark them',
  )
  .option('--out <file>', 'write the letters as one PDF to this file')
  .option(
    '--mark-posted',
    'mark the letters as posted: with --out, those just written; with --up-to, those the PDF printed then held',
  )
  .option(
    '--up-to <time>',
    'only reminders recorded before this ISO time (what an earlier --out printed: it says the time)',
  )
  .option('--json', 'print the letters (and what was marked) as one JSON object')
  .action(
    async (options: { out?: string; markPosted?: boolean; upTo?: string; json?: boolean }) => {
      let upTo: Date | undefined;
      if (options.upTo !== undefined) {
        const parsed = ZDunningLettersPdfQuery.safeParse({ upTo: options.upTo });
        if (!parsed.success) {
          throw new InputError(
            `--up-to "${options.upTo}": not an ISO time (e.g. 2026-03-12T09:30:00.000Z, as --out prints it).`,
          );
        }
        upTo = new Date(options.upTo);
      }
      if (options.markPosted && !options.out && !upTo) {
        throw new InputError(
          '--mark-posted marks printed letters: give --out (print and mark now) or --up-to (the time printed by the --out that made them).',
        );
      }
      if (options.out !== undefined && !/\.pdf$/i.test(options.out)) {
        throw new InputError(`--out "${options.out}": the file must end in .pdf.`);
      }
      if (options.out !== undefined) {
        try {
          await access(path.dirname(path.resolve(options.out)), fsConstants.W_OK);
        } catch {
          throw new InputError(
            `--out "${options.out}": its folder does not exist or is not writable.`,
          );
        }
      }
      const outcome = await withDatabase((database) =>
        dunningLettersFromCli(database.db, {
          ...(options.out ? { out: options.out } : {}),
          markPosted: options.markPosted === true,
          ...(upTo ? { upTo } : {}),
        }),
      );
      console.log(
        options.json
          ? JSON.stringify(outcome)
          : dunningLettersSummary(outcome, options.markPosted === true),
      );
    },
  );

const bank = program.command('bank').description('Bank statements');
bank
  .command('import')
  .description(
    'Import camt.054/camt.053 bank files (ISO 20022): payments matched to invoices and booked, as in the console',
  )
  .argument('<file...>', 'the bank files (XML)')
  .option('--json', 'print one JSON object: the counts summed over the files, and each report')
  .action(async (files: string[], options: { json?: boolean }) => {
    const config = loadConfig();
    try {
      const logger = createLogger(
        config.logLevel === 'info' ? 'warn' : config.logLevel,
        config.logFormat,
        2,
      );
      const run = await withDatabase(async (database) => {
        // A large file's follow-up is a job queued by its import (graphile-worker's schema).
        await installJobQueueSchema(database.connectionString);
        return importBankFiles(
          database.db,
          files,
          { publicUrl: config.publicUrl, mailFrom: config.mailFrom },
          // A running server's runner does it; with none, this process runs it (`jobs run`).
          (jobId) => awaitJob(database, config, logger, jobId),
        );
      });
      console.log(options.json ? bankImportJson(run) : bankImportSummary(run));
    } catch (error) {
      if (error instanceof UnreadableBankFile) throw new InputError(error.message);
      throw error;
    }
  });

const members = program.command('members').description('Members (issue 35: their data)');
members
  .command('export-data')
  .description(
    'Make a member\'s data export, as "Download our data" in the portal does (ZIP: record, users, invoices, credit notes, payments, certificates, their history and PDFs), and save it',
  )
  .argument('<number>', 'the membership number, e.g. M-000001')
  .option('--out <file>', 'where to save the ZIP (default: <number>-data-<day>.zip here)')
  .option('--json', 'print the result as JSON')
  .action(async (number: string, options: { out?: string; json?: boolean }) => {
    const config = loadConfig();
    const logger = createLogger(
      config.logLevel === 'info' ? 'warn' : config.logLevel,
      config.logFormat,
      2,
    );
    try {
      const made = await withDatabase((database) =>
        exportMemberDataFromCli(database, config, logger, number.trim(), options.out),
      );
      console.log(
        options.json
          ? JSON.stringify(made)
          : `Saved ${made.file} (${made.sizeBytes} bytes, ${made.counts?.pdfs ?? 0} PDFs) in ${made.seconds} s`,
      );
    } catch (error) {
      if (error instanceof DataExportRefused) throw new InputError(error.message);
      throw error;
    }
  });

const jobs = program.command('jobs').description('Scheduled and background jobs (issue 17)');
jobs
  .command('list')
  .description('Every schedule: when (Europe/Zurich), next and last run, outcome')
  .option('--json', 'print the schedules as JSON')
  .action(async (options: { json?: boolean }) => {
    const schedules = await withDatabase((database) => listJobs(database));
    console.log(options.json ? JSON.stringify(schedules, null, 2) : schedulesSummary(schedules));
  });
jobs
  .command('run')
  .description("Run a schedule's job now and wait for it (a running server's runner takes it)")
  .argument('<name>', 'the schedule, e.g. certificate-expiry-sweep (see jobs list)')
  .option('--json', 'print the run as JSON')
  .action(async (name: string, options: { json?: boolean }) => {
    const config = loadConfig();
    const logger = createLogger(
      config.logLevel === 'info' ? 'warn' : config.logLevel,
      config.logFormat,
      2,
    );
    const run = await withDatabase((database) => runJobFromCli(database, config, logger, name));
    console.log(
      options.json
        ? JSON.stringify(run, null, 2)
        : `${run.title}: ${run.state} in ${((run.durationMs ?? 0) / 1000).toFixed(1)} s${run.result ? ` ${JSON.stringify(run.result)}` : ''}${run.error ? ` (${run.error})` : ''}`,
    );
    if (run.state === 'failed')
      throw new AppError('internal', `The job failed: ${run.error ?? ''}`);
  });

const exchangeRates = program
  .command('exchange-rates')
  .description('Exchange rates of the CHF equivalents (issue 18): CHF for one unit, per month');
exchangeRates
  .command('import')
  .description(
    'Import a CSV file of rates (header currency,month,rate; month YYYY-MM; "," or ";" separated): every row checked first, then all in one transaction',
  )
  .argument('<file>', 'the CSV file')
  .option('--json', 'print the result (counts and every row) as JSON')
  .action(async (file: string, options: { json?: boolean }) => {
    try {
      const content = await readRatesFile(file);
      const result = await withDatabase((database) => importRatesFile(database.db, file, content));
      console.log(
        options.json ? JSON.stringify(result, null, 2) : ratesImportSummary(file, result),
      );
    } catch (error) {
      if (error instanceof UnreadableRatesFile) throw new InputError(error.message);
      throw error;
    }
  });
exchangeRates
  .command('list')
  .description('Every rate, newest month first')
  .option('--json', 'print the rates as JSON')
  .action(async (options: { json?: boolean }) => {
    const rates = await withDatabase((database) => listExchangeRates(database.db));
    console.log(options.json ? JSON.stringify(rates, null, 2) : ratesTable(rates));
  });

/** A backup's refusals (a file that is not a backup, a DATA_DIR in use) are input errors. */
async function asInputErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupInputError) throw new InputError(error.message);
    throw error;
  }
}

program
  .command('backup')
  .description(
    'Back up the database while the server runs: the embedded cluster as a base backup (.tar.gz), a DATABASE_URL server with pg_dump (.dump); a .sha256 file beside it',
  )
  .argument(
    '[file]',
    'where to write it (default: BACKUP_DIR/operations-<UTC date-time>.tar.gz|.dump)',
  )
  .option('--json', 'print the result as JSON')
  .action(async (file: string | undefined, options: { json?: boolean }) => {
    const config = loadConfig();
    const logger = createLogger('warn', config.logFormat, 2);
    console.log(await asInputErrors(() => backupFromCli(config, logger, file, options)));
  });
program
  .command('restore')
  .description(
    'Restore a backup: a base backup into an empty DATA_DIR (no server running on it), a .dump into the empty DATABASE_URL database; then migrate and count the rows',
  )
  .argument('<file>', 'the backup file (its .sha256 beside it is checked when present)')
  .option('--force', 'replace the database DATA_DIR (or the DATABASE_URL database) already holds')
  .option('--json', 'print the result, with the rows of every table, as JSON')
  .action(async (file: string, options: { force?: boolean; json?: boolean }) => {
    const config = loadConfig();
    const logger = createLogger('warn', config.logFormat, 2);
    console.log(await asInputErrors(() => restoreFromCli(config, logger, file, options)));
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof InputError || error instanceof ConfigError) {
    console.error(`error: ${error.message}`);
    process.exit(2);
  }
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

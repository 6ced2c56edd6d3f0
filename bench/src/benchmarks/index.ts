import type { Benchmark } from '../lib/benchmark';
import { bankImport100k, bankImport100kMemory } from './bank-import';
import { billingLists1m } from './billing-lists';
import { coldStart100k, coldStartExisting, coldStartFirst } from './cold-start';
import { dunning100k, dunning100kMemory, dunning100kRun } from './dunning';
import { emailDelivery } from './email-delivery';
import { faultKillBankImport, faultKillMemberCommit, faultKillRenewal } from './faults';
import { faultPostgresOutage } from './postgres-outage';
import { invoicePdf } from './invoice-pdf';
import { invoicePdfsUpload } from './invoice-pdfs';
import { invoiceRenewal100k } from './invoice-renewal';
import { invoiceUpload100k, invoiceUpload100kMemory } from './invoice-upload';
import { memberUpload100k, memberUpload100kMemory } from './member-upload';
import { liveChange100k, membersScroll100k } from './members-browser';
import { lists100k } from './lists';
import { load50Operators, load50OperatorsTwoInstances } from './load';
import { paletteKeystroke } from './palette-keystroke';
import { dashboard1m, dashboard1mLongTasks, reportsApi1m } from './reports';
import { searchQueries, searchRebuild } from './search';
import { seed100k } from './seed';
import { portal500Applicants, portalStepSave } from './portal-applications';
import { portalFirstLoad } from './portal-first-load';
import { portalDataExport } from './portal-data-export';
import { portalDirectory } from './portal-directory';
import { portalRenewalDay } from './portal-renewal-day';
import { signInJs } from './sign-in-js';
import { membersKeyboard100k, membersSort100k, savedViewOpen100k } from './workspace';

/** Every benchmark, in the order they run and appear in docs/benchmarks.md. */
export const benchmarks: readonly Benchmark[] = [
  coldStartFirst,
  coldStartExisting,
  seed100k,
  coldStart100k,
  lists100k,
  membersScroll100k,
  liveChange100k,
  membersSort100k,
  membersKeyboard100k,
  savedViewOpen100k,
  // Issue 20: after the screens' own benchmarks (its saves change 200 members' phone numbers).
  load50Operators,
  load50OperatorsTwoInstances,
  memberUpload100k,
  memberUpload100kMemory,
  invoiceUpload100k,
  invoiceUpload100kMemory,
  signInJs,
  portalFirstLoad,
  portalStepSave,
  portal500Applicants,
  portalRenewalDay,
  portalDirectory,
  portalDataExport,
  searchRebuild,
  searchQueries,
  paletteKeystroke,
  emailDelivery,
  invoicePdf,
  invoicePdfsUpload,
  billingLists1m,
  // Before bank-import and dunning change the million-invoice database's payments and members.
  reportsApi1m,
  dashboard1m,
  dashboard1mLongTasks,
  bankImport100k,
  bankImport100kMemory,
  // After the other users of the million-invoice database: it levels and suspends.
  dunning100k,
  dunning100kRun,
  dunning100kMemory,
  // Last: the e-mails it queues would keep a later benchmark's server busy delivering them.
  invoiceRenewal100k,
  // Faults, on a database of their own: the bank file pays invoices the renewal issued.
  faultKillMemberCommit,
  faultKillRenewal,
  faultKillBankImport,
  faultPostgresOutage,
];

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationsArea } from './applications/area';
import { auditArea } from './audit/area';
import { authArea } from './auth/area';
import { backupRoutes } from './backups/routes';
import { bankAccountsArea } from './bank-accounts/area';
import { bankStatementsArea } from './bank-statements/area';
import { bulkEditRoutes } from './bulk-edit/routes';
import { certificatesArea } from './certificates/area';
import { changeRequestsArea } from './change-requests/area';
import { countriesArea } from './countries/area';
import { creditNotesArea } from './credit-notes/area';
import { dunningRoutes } from './dunning/routes';
import { emailTemplateRoutes } from './email-templates/routes';
import { emailsArea } from './emails/area';
import { exchangeRateRoutes } from './exchange-rates/routes';
import { functionsArea } from './functions/area';
import { healthArea } from './health/area';
import { homeArea } from './home/area';
import { invoicesArea } from './invoices/area';
import { jobRoutes } from './jobs/routes';
import { ledgerArea } from './ledger/area';
import { membersArea } from './members/area';
import { membershipBillingRoutes } from './membership-billing/routes';
import { metricsArea } from './metrics/area';
import { notesArea } from './notes/area';
import { operatorsArea } from './operators/area';
import { paymentToleranceRoutes } from './payment-tolerances/routes';
import { paymentsArea } from './payments/area';
import { preferenceRoutes } from './preferences/routes';
import { realtimeArea } from './realtime/area';
import { reportRoutes } from './reports/routes';
import { savedViewRoutes } from './saved-views/routes';
import { searchArea } from './search/area';
import { usersArea } from './users/area';

/**
 * Every area of the API, in the order `buildApp` registers them. An area is one Fastify plugin:
 * `<area>/area.ts`, registering its route files, or for an area of one route file that file's
 * own plugin (`<area>/routes.ts`, no `area.ts`); a new area is one line here. Each route
 * declares its access (`config.access`, `config.permission`); one that declares nothing is for
 * operators only, whatever area it is in (`http/access.ts`).
 */
export const areas: readonly FastifyPluginAsyncZod[] = [
  healthArea,
  metricsArea,
  authArea,
  operatorsArea,
  usersArea,
  homeArea,
  realtimeArea,
  functionsArea,
  searchArea,
  membersArea,
  changeRequestsArea,
  countriesArea,
  bankAccountsArea,
  auditArea,
  applicationsArea,
  certificatesArea,
  invoicesArea,
  notesArea,
  ledgerArea,
  paymentsArea,
  paymentToleranceRoutes,
  membershipBillingRoutes,
  bankStatementsArea,
  creditNotesArea,
  dunningRoutes,
  exchangeRateRoutes,
  emailsArea,
  emailTemplateRoutes,
  jobRoutes,
  backupRoutes,
  reportRoutes,
  bulkEditRoutes,
  savedViewRoutes,
  preferenceRoutes,
];

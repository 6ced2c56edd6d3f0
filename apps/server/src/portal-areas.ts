import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalApplicationsArea, portalEndorsementsArea } from './applications/area';
import { portalAuthArea } from './auth/area';
import { portalCertificatesArea } from './certificates/area';
import { portalCompanyArea } from './change-requests/area';
import { portalCountriesArea } from './countries/area';
import { portalDataExportArea } from './data-exports/area';
import { portalCreditNotesArea } from './credit-notes/area';
import { portalDirectoryArea } from './directory/area';
import { healthArea } from './health/area';
import { portalInvoicesArea } from './invoices/area';
import { portalLedgerArea } from './ledger/area';
import { portalMembershipArea } from './members/area';
import { portalRealtimeArea } from './realtime/area';

/**
 * The member portal's areas (issue 34), in the order `buildApp` registers them for the portal's
 * face: a second app on its own listener and origin, whose API is for applicants, members and
 * national associations. Nothing of the console's is here: a route of the console is not a route
 * of the portal (`portal.test.ts` walks both). A route that declares no access is for the
 * portal's signed-in people (`http/access.ts`).
 */
export const portalAreas: readonly FastifyPluginAsyncZod[] = [
  healthArea,
  portalAuthArea,
  portalApplicationsArea,
  portalEndorsementsArea,
  portalCountriesArea,
  portalMembershipArea,
  portalCompanyArea,
  portalDirectoryArea,
  portalDataExportArea,
  portalInvoicesArea,
  portalCreditNotesArea,
  portalCertificatesArea,
  portalLedgerArea,
  portalRealtimeArea,
];

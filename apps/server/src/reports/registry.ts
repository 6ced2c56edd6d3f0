import type { TReportName } from '@ops/contract/reports';
import type { ReportDefinition } from './definition';
import { applicationsFunnel } from './definitions/applications-funnel';
import { certificates } from './definitions/certificates';
import { emailDelivery } from './definitions/email-delivery';
import { growth } from './definitions/growth';
import { membershipByRegion } from './definitions/membership-by-region';
import { receivablesAgeing } from './definitions/receivables-ageing';
import { receivablesByMember } from './definitions/receivables-by-member';
import { renewalProgress } from './definitions/renewal-progress';
import { revenue } from './definitions/revenue';

/**
 * Every report by its name. A `Record` over the contract's `reportNames`: a name added there
 * fails the build until its definition (one file under `definitions/`) is listed here.
 */
export const reportDefinitions: Record<TReportName, ReportDefinition> = {
  'membership-by-region': membershipByRegion,
  growth,
  revenue,
  'receivables-ageing': receivablesAgeing,
  'receivables-by-member': receivablesByMember,
  'renewal-progress': renewalProgress,
  'applications-funnel': applicationsFunnel,
  certificates,
  'email-delivery': emailDelivery,
};

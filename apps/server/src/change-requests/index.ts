/**
 * The change-requests area's public surface: who keeps a member's company data in the portal
 * (owners and admins), the same people who ask for its data export (issue 35).
 */
export { keepsCompanyData, requireCompanyKeeper } from './portal-company';

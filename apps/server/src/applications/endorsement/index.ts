/**
 * Endorsement by link (issue 34): the national association's link, e-mailed when an application
 * needs its endorsement, answered on the portal without an account; reminders and the 30-day
 * escalation by the daily job; the console's panel, Resend and Waive.
 */
export { openEndorsementLink, retireOpenLinks, type EndorsementMailContext } from './links';
export { requestEndorsementOnSubmit } from './request';
export { runEndorsementDaily } from './daily';
export { endorsementPanelOf } from './panel';
export { endorsementRoutes } from './routes';

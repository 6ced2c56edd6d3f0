/**
 * The certificates area's public surface.
 */

// A paid membership invoice issues its certificate in the same transaction (payment, upload).
export { issueMembershipCertificateIn } from './issue';
// A credit note that revokes a paid membership year revokes its certificate (issue 16).
export { revokeCertificateIn } from './revoke';
// The federation's name as the documents print it (the invoice PDF uses the same words).
export { federationName, getCertificatePdf } from './pdf';
// The daily expiry sweep, a scheduled job (`jobs/tasks/`).
export { expireCertificates } from './expire';
// The public member directory (issue 35) links each entry to its certificate's check.
export { verificationUrlOf } from './detail';
// The member's data export (issue 35) holds the certificates the portal shows, with their terms.
export { memberIssuedCertificates } from './portal/member-certificates';
export { certificateTermsColumns } from './list';

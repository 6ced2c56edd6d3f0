/**
 * The certificates area's public surface.
 */

// A paid membership invoice issues its certificate in the same transaction (payment, upload).
export { issueMembershipCertificateIn } from './issue';
// The federation's name as the documents print it (the invoice PDF uses the same words).
export { federationName } from './pdf';

// The words of every enumeration live in the contract, shared with the server's messages; this
// subpath carries no zod, so any bundle (the sign-in one included) may import it.
export * from '@ops/contract/labels';

/**
 * The demo bank file's place and what importing it into the fresh demo data does (README, the
 * seed's test, the end-to-end spec). A module of constants only: the end-to-end specs import it
 * without the server's code.
 */

/** Where the sample lives in the repository. */
export const demoBankSamplePath = 'docs/samples/camt054-demo.xml';

/** What importing the sample into the fresh demo database does (README, tests). */
export const demoBankSampleExpectation = {
  entries: 12,
  paid: 5,
  partial: 1,
  overpaid: 1,
  suggested: 1,
  unmatched: 2,
  duplicates: 1,
  debits: 1,
} as const;

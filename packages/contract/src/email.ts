import { z } from 'zod';

/** An e-mail address, normalised to lower case without surrounding spaces. */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Must be a valid e-mail address' }))
  .describe('E-mail address');

/**
 * Send again (issue 32): an issued invoice or a credit note e-mailed once more with its PDF, to
 * the member's address (its billing address) or to another one (an accountant's, a new one).
 */
export const ZDocumentSendRequest = z
  .object({
    to: ZEmail.optional().describe("Another address; the member's address when left out"),
  })
  .describe('Where to e-mail the document with its PDF');
export type TDocumentSendRequest = z.infer<typeof ZDocumentSendRequest>;

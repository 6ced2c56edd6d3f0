import { z } from 'zod';
import { ZApplicationContact, ZApplicationDocument } from './applications';
import { applicationCategories } from './enumerations';
import {
  endorsementDecisions,
  endorsementLinkStates,
  maxEndorsementReasonLength,
  ZEndorsementAnswer,
} from './endorsement-links';

export * from './endorsement-links';

/**
 * Endorsement by link (issue 34): the national association opens `PORTAL_URL/endorse/{token}`
 * from its e-mail, without an account, reads the application and endorses or declines it. The
 * token is 256 random bits (base64url, 43 characters); the server keeps only its sha256.
 */

export const ZEndorsementParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'An endorsement link’s 43-character token')
    .describe('The token of the e-mailed link'),
});

export const ZEndorsementDocumentParams = ZEndorsementParams.extend({
  id: z.string().min(1).max(40).describe('The document’s id, from the summary'),
});

export const ZEndorsementSummary = z
  .object({
    number: z.string(),
    category: z.enum(applicationCategories),
    legalName: z.string(),
    tradeName: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    vatNumber: z.string().nullable(),
    website: z.string().nullable(),
    address: z.object({
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      postalCode: z.string().nullable(),
      city: z.string().nullable(),
      countryIso2: z.string().nullable(),
    }),
    countryName: z.string().nullable(),
    contacts: z.array(ZApplicationContact.pick({ role: true, name: true })),
    documents: z.array(ZApplicationDocument.pick({ id: true, type: true, fileName: true })),
    submittedAt: z.string().nullable(),
  })
  .describe('What the association reads of the application (read only)');

export const ZEndorsement = z
  .object({
    state: z.enum(endorsementLinkStates),
    associationName: z.string(),
    expiresAt: z.string().describe('ISO time the link stops working'),
    application: ZEndorsementSummary.nullable().describe('Shown while the link is open only'),
    applicationNumber: z.string(),
    answer: ZEndorsementAnswer.nullable(),
    askFor: z
      .string()
      .nullable()
      .describe('Whom to ask for a new link, when it expired or was retired'),
  })
  .describe('An endorsement link as its page shows it');
export type TEndorsement = z.infer<typeof ZEndorsement>;

export const ZEndorsementDecisionRequest = z
  .object({
    decision: z.enum(endorsementDecisions),
    reason: z
      .string()
      .trim()
      .max(maxEndorsementReasonLength, `At most ${maxEndorsementReasonLength} characters`)
      .optional()
      .describe('Required to decline'),
  })
  .describe('The association’s answer');
export type TEndorsementDecisionRequest = z.infer<typeof ZEndorsementDecisionRequest>;

export const ZEndorsementRequestItem = z
  .object({
    applicationNumber: z.string(),
    legalName: z.string(),
    countryName: z.string().nullable(),
    associationName: z.string(),
    sentAt: z.string().describe('ISO time the link was e-mailed'),
    expiresAt: z.string().describe('ISO time the link stops working'),
    path: z
      .string()
      .describe(
        'The endorsement page on the portal (`/endorse/{token}`): the link e-mailed to you',
      ),
  })
  .describe('An endorsement request waiting for your association’s answer');
export type TEndorsementRequestItem = z.infer<typeof ZEndorsementRequestItem>;

export const ZEndorsementRequestList = z
  .object({ items: z.array(ZEndorsementRequestItem) })
  .describe(
    'The open endorsement requests of the association whose owner or admin you are, oldest first',
  );
export type TEndorsementRequestList = z.infer<typeof ZEndorsementRequestList>;

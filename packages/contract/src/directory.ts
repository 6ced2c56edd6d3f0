import { z } from 'zod';
import { memberCategories, regions } from './enumerations';

/**
 * The public member directory (issue 35): members who opted in (an owner or admin turns it on in
 * the portal; off until then), active, and not hidden by staff (the console's "listed in the
 * directory"). Each entry shows the name, the fields its member chose and the verification link
 * of its current certificate; never an e-mail address.
 */

/** What a member may show besides its name, in the order the directory shows them. */
export const directoryFields = ['city', 'country', 'website', 'services', 'phone'] as const;
export type DirectoryField = (typeof directoryFields)[number];

/** What a new entry shows until the member chooses (the phone only when asked for). */
export const defaultDirectoryFields: readonly DirectoryField[] = [
  'city',
  'country',
  'website',
  'services',
];

/** The services a forwarder lists, as federations' directories name them. */
export const directoryServices = [
  'air-freight',
  'sea-freight',
  'road-freight',
  'rail-freight',
  'multimodal',
  'customs-brokerage',
  'warehousing',
  'project-cargo',
  'dangerous-goods',
  'e-commerce',
] as const;
export type DirectoryService = (typeof directoryServices)[number];

/** The categories a visitor may filter by (honorary members are people, not companies). */
export const directoryCategories = memberCategories.filter(
  (category) => category !== 'honorary',
) as readonly ('individual' | 'association' | 'group')[];

/** Entries per page: a person reads a page; nobody pages through every member quickly. */
export const directoryPageSize = 20;

export const ZDirectoryListing = z
  .object({
    number: z.string().describe('Membership number'),
    name: z.string(),
    city: z.string().nullable(),
    countryIso2: z.string().nullable(),
    countryName: z.string().nullable().describe('In English; the portal names it in its language'),
    website: z.string().nullable(),
    phone: z.string().nullable(),
    services: z.array(z.enum(directoryServices)),
    verificationUrl: z
      .string()
      .nullable()
      .describe("The public check of the member's current certificate, if it has one"),
  })
  .describe('A member as the public directory shows it: only its opted-in fields');
export type TDirectoryListing = z.infer<typeof ZDirectoryListing>;

export const ZDirectoryEntry = z
  .object({
    listed: z.boolean().describe('Shown in the public directory (off until turned on)'),
    fields: z.array(z.enum(directoryFields)).describe('What shows besides the name'),
    services: z.array(z.enum(directoryServices)),
    visible: z
      .boolean()
      .describe('Listed, active and not hidden by staff: what the public sees right now'),
    hiddenBecause: z
      .enum(['not-listed', 'not-active', 'hidden-by-staff'])
      .nullable()
      .describe('Why the public does not see it, when it does not'),
    preview: ZDirectoryListing.describe('The entry as the public sees it (or would)'),
    canEdit: z.boolean().describe('The caller is an owner or admin'),
    version: z.number().int(),
  })
  .describe("The member's entry in the public directory");
export type TDirectoryEntry = z.infer<typeof ZDirectoryEntry>;

export const ZDirectoryEntryUpdate = z
  .object({
    listed: z.boolean(),
    fields: z
      .array(z.enum(directoryFields))
      .max(directoryFields.length)
      .refine((fields) => new Set(fields).size === fields.length, 'Name each field once'),
    services: z
      .array(z.enum(directoryServices))
      .max(directoryServices.length)
      .refine((services) => new Set(services).size === services.length, 'Name each service once')
      .optional(),
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The version read; another is a 409 (none: the first entry)'),
  })
  .describe('Turn the directory entry on or off, and choose what it shows');
export type TDirectoryEntryUpdate = z.input<typeof ZDirectoryEntryUpdate>;

export const ZDirectoryQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'At most 100 characters')
    .optional()
    .describe('Words of the name; a typo or two is forgiven'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'A country code of two letters')
    .optional(),
  region: z.enum(regions).optional(),
  category: z
    .enum(directoryCategories as unknown as ['individual', 'association', 'group'])
    .optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'The cursor of the page before')
    .optional(),
});
export type TDirectoryQuery = z.infer<typeof ZDirectoryQuery>;

export const ZDirectoryPage = z
  .object({
    items: z.array(ZDirectoryListing),
    nextCursor: z.string().nullable(),
  })
  .describe('A page of the public directory (20 entries at most)');
export type TDirectoryPage = z.infer<typeof ZDirectoryPage>;

export const ZDirectoryCountries = z
  .object({
    items: z.array(z.string()).describe('ISO 3166-1 alpha-2 codes, in code order'),
  })
  .describe('The countries of the members the public directory shows: its country filter');
export type TDirectoryCountries = z.infer<typeof ZDirectoryCountries>;

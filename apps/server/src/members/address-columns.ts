import type { MembersTable } from '../db/schema';

/**
 * The member's address and contact fields with their columns, in the order the member's record
 * lists them: the console's edit and the member upload's file name these fields alike.
 */
export const memberAddressColumns = {
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  postalCode: 'postal_code',
  city: 'city',
  state: 'state',
  vatNumber: 'vat_number',
  website: 'website',
  email: 'email',
} as const satisfies Record<string, keyof MembersTable>;

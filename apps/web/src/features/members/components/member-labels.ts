import type { TMemberStatus } from '@ops/contract';

// The words of the member enumerations live in the one table per enumeration (lib/labels).
export {
  memberCategoryLabels as categoryLabels,
  memberStatusLabels as statusLabels,
} from '@/lib/labels';

/** How the detail names the member's columns, in its fields and in its history. */
export const memberFieldLabels: Readonly<Record<string, string>> = {
  mid: 'Member id',
  number: 'Membership number',
  category: 'Category',
  status: 'Status',
  legal_name: 'Legal name',
  trade_name: 'Trade name',
  country_iso2: 'Country',
  address_line1: 'Address line 1',
  address_line2: 'Address line 2',
  postal_code: 'Postal code',
  city: 'City',
  state: 'State or province',
  vat_number: 'VAT/UID number',
  website: 'Website',
  email: 'E-mail',
  billing_email: 'Billing e-mail',
  phone: 'Phone',
  national_association_mid: 'National association (id)',
  joined_on: 'Joined',
  paid_through_year: 'Paid through',
  terminated_on: 'Terminated on',
  termination_reason: 'Termination reason',
  billing_currency: 'Billing currency',
  card_customer_id: 'Card-payment customer id',
  directory_visible: 'In the public directory',
  preferred_language: 'Preferred language',
  dunning_exempt_until: 'Exempt from dunning until',
  dunning_exempt_reason: 'Reason of the dunning exemption',
  deleted_at: 'Deleted at',
};

/** The button that moves a member to a status, said as the action it is. */
export function statusActionLabel(from: TMemberStatus, to: TMemberStatus): string {
  switch (to) {
    case 'active':
      return from === 'pending-payment' ? 'Mark as paid (active)' : 'Reactivate';
    case 'overdue':
      return 'Mark overdue';
    case 'suspended':
      return 'Suspend';
    case 'terminated':
      return 'Terminate';
    case 'resigned':
      return 'Record resignation';
    case 'pending-payment':
      return 'Mark pending payment';
  }
}

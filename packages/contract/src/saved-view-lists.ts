import type { AnyListDefinition } from './list-definition';
import { activityList } from './lists/activity';
import { applicationsList } from './lists/applications';
import { bankAccountsList } from './lists/bank-accounts';
import { bankStatementsList } from './lists/bank-statements';
import { certificatesList } from './lists/certificates';
import { countriesList } from './lists/countries';
import { emailsList } from './lists/emails';
import { invoicesList } from './lists/invoices';
import { membersList } from './lists/members';
import { operatorsList } from './lists/operators';
import { paymentsList } from './lists/payments';
import { usersList } from './lists/users';

/**
 * The lists a saved view can keep (issue 19): every list screen of the console, with the API it
 * reads (the sidebar's live count asks it for one row and reads its total) and the screen it
 * opens on (the view appears under the sidebar entry of that path). Zod-free: the browser's
 * sidebar imports it.
 */
export const savedViewLists = {
  members: { list: membersList, apiPath: '/api/members', path: '/members' },
  applications: { list: applicationsList, apiPath: '/api/applications', path: '/applications' },
  invoices: { list: invoicesList, apiPath: '/api/invoices', path: '/invoices' },
  payments: { list: paymentsList, apiPath: '/api/payments', path: '/stripe-invoices' },
  'bank-statements': {
    list: bankStatementsList,
    apiPath: '/api/bank-statements',
    path: '/bank-statements',
  },
  certificates: { list: certificatesList, apiPath: '/api/certificates', path: '/certificates' },
  users: { list: usersList, apiPath: '/api/users', path: '/users' },
  emails: { list: emailsList, apiPath: '/api/emails', path: '/emails' },
  activity: { list: activityList, apiPath: '/api/activity', path: '/activity' },
  operators: { list: operatorsList, apiPath: '/api/operators', path: '/operators' },
  countries: { list: countriesList, apiPath: '/api/countries', path: '/countries' },
  'bank-accounts': {
    list: bankAccountsList,
    apiPath: '/api/bank-accounts',
    path: '/settings/bank-accounts',
  },
} as const satisfies Record<string, { list: AnyListDefinition; apiPath: string; path: string }>;

export type SavedViewListName = keyof typeof savedViewLists;
export const savedViewListNames = Object.keys(savedViewLists) as [
  SavedViewListName,
  ...SavedViewListName[],
];

/** The longest name a view may have. */
export const savedViewNameMaxLength = 80;
/** The longest view (its URL query) a saved view keeps. */
export const savedViewParamsMaxLength = 4_000;
/** How many views one operator may keep per list (own and shared together). */
export const savedViewsPerListMax = 50;

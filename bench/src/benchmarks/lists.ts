import type { Benchmark } from '../lib/benchmark';
import { addOperator, signInCookie } from '../lib/operator';
import { startServer } from '../lib/processes';
import { bothWays, walkListViews, type ListViews } from '../lib/list-walk';
import { seededDataDir, seedScale } from './seed';

const operatorEmail = 'bench-lists@ops.demo.example';
const operatorPassword = 'bench lists password 2026';
const pagesDeep = 20;

/**
 * Every list endpoint with the views its screen offers: each sortable column both ways, each
 * filter, a search where the list has one.
 */
const lists: ListViews[] = [
  {
    path: '/api/members',
    views: [
      '',
      ...bothWays([
        'number',
        'legalName',
        'country',
        'category',
        'status',
        'joinedOn',
        'paidThroughYear',
        'language',
      ]),
      'status=overdue',
      'status=active,suspended&sort=legalName',
      'category=association&sort=country',
      'country=CH,DE&sort=-joinedOn',
      'joinedOn=2015-01-01..2019-12-31',
      'paidThroughYear=(empty)',
      'language=fr,es&sort=legalName',
      'q=logistics',
      'q=freight&sort=-joinedOn',
    ],
  },
  {
    path: '/api/users',
    views: [
      '',
      ...bothWays(['email', 'displayName', 'member', 'lastSignIn', 'created']),
      'disabled=true',
      'role=owner&sort=-lastSignIn',
      'signInMethods=microsoft',
      'member=(empty)',
      'lastSignIn=2025-01-01..2025-12-31',
      'q=anna',
    ],
  },
  {
    path: '/api/applications',
    views: [
      '',
      ...bothWays(['queue', 'number', 'legalName', 'country', 'category', 'status', 'submittedAt']),
      'status=submitted,endorsed,under-review',
      'category=association&sort=-submittedAt',
      'country=DE',
      'submittedAt=2025-01-01..2025-12-31',
      'q=logistics',
    ],
  },
  {
    path: '/api/certificates',
    views: [
      '',
      ...bothWays(['number', 'memberName', 'type', 'year', 'status', 'validTo', 'issuedAt']),
      'status=issued',
      'type=membership&sort=-year',
      'year=2024..2026',
      'q=C-2025-00',
      'q=freight',
    ],
  },
  {
    path: '/api/operators',
    views: ['', ...bothWays(['email', 'since']), 'roles=admin', 'active=true'],
  },
  {
    path: '/api/countries',
    views: [
      '',
      ...bothWays(['name', 'iso2', 'region', 'incomeGroup', 'feeCategory']),
      'region=europe',
      'incomeGroup=high,upper-middle',
      'hasNationalAssociation=true',
      'q=united',
    ],
  },
  {
    path: '/api/bank-accounts',
    views: ['', ...bothWays(['label', 'bankName', 'currency']), 'currency=CHF', 'active=true'],
  },
  // Issue 18: the activity log (the audit trail of every record), each filter its screen offers.
  {
    path: '/api/activity',
    views: [
      '',
      ...bothWays(['at']),
      'operator=(empty)',
      'recordType=members',
      'recordType=applications,operators',
      'action=status',
      'action=create&recordType=members',
      'at=2025-01-01..2025-12-31',
      'at=2025-06-01..2025-06-30&recordType=applications',
    ],
  },
];

export const lists100k: Benchmark = {
  name: 'lists-100k',
  measures:
    `Every list endpoint (members, users, applications, certificates, operators, countries, ` +
    `bank accounts, activity log) on the ${seedScale.toLocaleString('en')}-member database of seed-100k: ` +
    `every view its screen offers (each sortable column both ways, the filters, a search), the ` +
    `first page and then up to ${pagesDeep} pages deep along the cursor, 50 rows a page; one ` +
    'sample per request, round trip over loopback HTTP (the total included: counted up to 10,000 rows on first pages, estimated otherwise), after a warm-up pass.',
  unit: 'ms',
  target: 30,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: lists.reduce((sum, list) => sum + list.views.length, 0) * (pagesDeep + 1),
  async run(context) {
    const { dataDir } = await seededDataDir(context);
    const server = await startServer({ dataDir, seed: 'none' });
    try {
      await addOperator(dataDir, operatorEmail, operatorPassword);
      const cookie = await signInCookie(server.url, operatorEmail, operatorPassword);
      const { samples, byList, slowestViews } = await walkListViews({
        url: server.url,
        cookie,
        lists,
        pagesDeep,
        log: context.log,
      });
      return { samples, details: { byList, slowestViews } };
    } finally {
      await server.stop();
    }
  },
};

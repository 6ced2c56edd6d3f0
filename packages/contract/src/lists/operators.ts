import { defineList } from '../list-definition';
import { operatorRoles } from '../permissions';

/**
 * The operators list: federation staff, a few dozen rows at most. "since" has its index
 * (migration 0011); sorting by e-mail sorts those few rows. The roles filter is the server's
 * own condition (`operatorsListFor`).
 */
export const operatorsList = defineList({
  name: 'operators',
  columns: {
    email: { type: 'text', sort: true },
    name: {},
    roles: {
      type: 'text',
      filter: true,
      values: operatorRoles,
      description: 'Operators holding any of these roles: "admin,finance"',
    },
    active: {
      type: 'text',
      filter: true,
      values: ['true', 'false'],
      description: '"true" (has access) or "false" (revoked)',
    },
    since: { type: 'text', sort: true },
  },
  defaultSort: 'email',
});

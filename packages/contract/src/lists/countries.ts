import { feeCategories, incomeGroups, regions } from '../enumerations';
import { defineList } from '../list-definition';

/**
 * The countries list: about 250 rows, read whole whatever the sort (no index per sort, migration
 * 0012 says why).
 */
export const countriesList = defineList({
  name: 'countries',
  columns: {
    iso2: { type: 'text', sort: true, header: 'ISO 3166 alpha-2' },
    iso3: { header: 'ISO 3166 alpha-3' },
    name: { type: 'text', sort: true, header: 'Country' },
    region: {
      type: 'text',
      sort: true,
      filter: true,
      values: regions,
      description: 'Regions, e.g. "europe,americas"',
      header: 'Region',
    },
    incomeGroup: {
      type: 'text',
      sort: true,
      filter: true,
      values: incomeGroups,
      description: 'Income groups, e.g. "low,lower-middle", or "(empty)"',
      header: 'Income group',
    },
    feeCategory: {
      type: 'text',
      sort: true,
      filter: true,
      values: feeCategories,
      description: 'Fee categories, e.g. "A,B", or "(empty)"',
      header: 'Fee category',
    },
    defaultCurrency: { header: 'Default currency' },
    nationalAssociation: {
      header: 'National association number',
      exportKey: 'nationalAssociation.number',
    },
    nationalAssociationName: {
      header: 'National association',
      exportKey: 'nationalAssociation.legalName',
    },
    active: {
      type: 'text',
      sort: true,
      filter: true,
      values: ['true', 'false'],
      description: '"true" or "false"',
      header: 'Active',
    },
    memberCount: { header: 'Members' },
    hasNationalAssociation: {
      type: 'text',
      sort: true,
      filter: true,
      values: ['true', 'false'],
      description: '"true" or "false"',
    },
  },
  defaultSort: 'name',
});

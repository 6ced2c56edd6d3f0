import {
  type countriesList,
  feeCategories,
  feeCategoryLabels,
  incomeGroupLabels,
  incomeGroups,
  regionLabels,
  regions,
  type TCountryListItem,
} from '@ops/contract';
import type { DataListScreenDefinition } from '@/components/data-list';
import { paths } from '@/config/paths';
import { YesNoBadge } from './badges';
import { countryQueryOptions } from '../api/get-country';
import { yesNoFilter } from '@/components/data-list/yes-no-filter';

/** The countries list (about 250 rows): its columns and filters, for the list kit. */
export const countriesListDefinition: DataListScreenDefinition<
  TCountryListItem,
  typeof countriesList
> = {
  name: 'countries',
  noun: { one: 'country', many: 'countries' },
  screen: {
    title: 'Countries',
    description:
      'Every ISO 3166 country with its region, World Bank income group, fee category, default currency and national association.',
  },
  apiPath: '/api/countries',
  exportPath: '/api/countries/export',
  // A national association renamed or ended shows in its country's row.
  liveTables: ['countries', 'members'],
  rowKey: (country) => country.iso2,
  rowHref: (country) => paths.country.getHref({ iso2: country.iso2 }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (country) => countryQueryOptions(country.iso2),
  rowLabel: (country) => country.name,
  defaultSort: 'name',
  searchLabel: 'Search countries',
  searchPlaceholder: 'Name or ISO code',
  columns: [
    {
      id: 'iso2',
      label: 'ISO',
      width: '4.5rem',
      sortable: true,
      render: (country) => <span className="font-mono text-xs">{country.iso2}</span>,
    },
    {
      id: 'name',
      label: 'Country',
      width: 'minmax(10rem,2fr)',
      sortable: true,
      isPrimary: true,
      render: (country) => country.name,
    },
    {
      id: 'region',
      label: 'Region',
      width: 'minmax(7.5rem,1fr)',
      sortable: true,
      render: (country) => regionLabels[country.region],
    },
    {
      id: 'incomeGroup',
      label: 'Income group',
      width: 'minmax(7rem,1fr)',
      sortable: true,
      render: (country) => (country.incomeGroup ? incomeGroupLabels[country.incomeGroup] : ''),
    },
    {
      id: 'feeCategory',
      label: 'Fee category',
      width: '7.5rem',
      sortable: true,
      render: (country) => country.feeCategory ?? '',
    },
    {
      id: 'defaultCurrency',
      label: 'Currency',
      width: '6rem',
      render: (country) => (
        <span className="font-mono text-xs">{country.defaultCurrency ?? ''}</span>
      ),
    },
    {
      id: 'nationalAssociation',
      label: 'National association',
      width: 'minmax(9rem,2fr)',
      render: (country) => country.nationalAssociation?.legalName ?? '',
    },
    {
      id: 'memberCount',
      label: 'Members',
      width: '6rem',
      isNumeric: true,
      render: (country) => country.memberCount.toLocaleString('en'),
    },
    {
      id: 'active',
      label: 'Active',
      width: '5.5rem',
      isHiddenByDefault: true,
      render: (country) => <YesNoBadge value={country.active} />,
    },
  ],
  filters: [
    {
      name: 'region',
      label: 'Region',
      kind: 'one-of',
      options: regions.map((region) => ({ value: region, label: regionLabels[region] })),
    },
    {
      name: 'incomeGroup',
      label: 'Income group',
      kind: 'one-of',
      options: incomeGroups.map((group) => ({ value: group, label: incomeGroupLabels[group] })),
      allowsEmpty: true,
    },
    {
      name: 'feeCategory',
      label: 'Fee category',
      kind: 'one-of',
      options: feeCategories.map((category) => ({
        value: category,
        label: feeCategoryLabels[category],
      })),
      allowsEmpty: true,
    },
    yesNoFilter('hasNationalAssociation', 'National association'),
    yesNoFilter('active', 'Active'),
  ],
  emptyMessage: 'No countries are loaded; they are loaded from ISO 3166 when the server starts.',
};

import { feeCategoryLabels, incomeGroupLabels, regionLabels } from '@ops/contract';
import { languageLabels } from '@ops/contract/values';
import { Link } from 'react-router';
import {
  DetailScreen,
  DetailTabs,
  FieldList,
  RecordHistory,
  formatDateTime,
  useDetailTab,
} from '@/components/detail';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { useCountry } from '../api/get-country';
import { YesNoBadge } from '../components/badges';
import { CountryForm } from '../components/country-form';
import { currencyLabel } from '../utils/format';

const tabIds = ['overview', 'edit', 'history'];

const fieldLabels = {
  region: 'Region',
  income_group: 'Income group',
  fee_category: 'Fee category',
  default_currency: 'Default currency',
  language: 'Language of new members',
  national_association_mid: 'National association (member id)',
  active: 'Active',
};

export function CountryRoute({ iso2 }: { iso2: string }) {
  const code = iso2.toUpperCase();
  const country = useCountry(code);
  const canEdit = useCan('countries.edit');
  const [, openTab] = useDetailTab(tabIds);

  return (
    <DetailScreen
      query={country}
      noun="country"
      missingDescription={`No country has the ISO code ${code}.`}
      recordId={{ label: 'ISO code', value: code }}
    >
      {(data) => (
        <Screen
          title={data.name}
          description={
            <>
              {data.officialName} · {regionLabels[data.region]}
              {data.active ? '' : ' · inactive'}
            </>
          }
        >
          <DetailTabs
            label={`${data.name} sections`}
            tabs={[
              {
                id: 'overview',
                label: 'Overview',
                content: (
                  <div className="pt-4">
                    <FieldList
                      groups={[
                        {
                          title: 'Codes',
                          fields: [
                            {
                              label: 'ISO alpha-2',
                              value: data.iso2,
                              copyValue: data.iso2,
                              isCode: true,
                              copyLabel: 'ISO alpha-2 code',
                            },
                            {
                              label: 'ISO alpha-3',
                              value: data.iso3,
                              copyValue: data.iso3,
                              isCode: true,
                              copyLabel: 'ISO alpha-3 code',
                            },
                            { label: 'Name', value: data.name },
                            { label: 'Official name', value: data.officialName },
                          ],
                        },
                        {
                          title: 'Fees and billing',
                          fields: [
                            { label: 'Region', value: regionLabels[data.region] },
                            {
                              label: 'Income group',
                              value: data.incomeGroup ? incomeGroupLabels[data.incomeGroup] : null,
                            },
                            {
                              label: 'Fee category',
                              value: data.feeCategory ? feeCategoryLabels[data.feeCategory] : null,
                            },
                            {
                              label: 'Default currency',
                              value: data.defaultCurrency
                                ? currencyLabel(data.defaultCurrency)
                                : null,
                            },
                            // Issue 17: the preferred language its new members take.
                            {
                              label: 'Language of new members',
                              value: languageLabels[data.language],
                            },
                          ],
                        },
                        {
                          title: 'Membership',
                          fields: [
                            {
                              label: 'National association',
                              value: data.nationalAssociation ? (
                                <Link
                                  className="text-sky-800 underline hover:text-sky-950"
                                  to={paths.member.getHref({ mid: data.nationalAssociation.mid })}
                                >
                                  {data.nationalAssociation.legalName} (
                                  {data.nationalAssociation.number})
                                </Link>
                              ) : null,
                            },
                            {
                              label: 'Members',
                              value: (
                                <Link
                                  className="text-sky-800 underline hover:text-sky-950"
                                  to={`${paths.members.getHref()}?country=${data.iso2}`}
                                >
                                  {data.memberCount.toLocaleString('en')} (
                                  {data.activeMemberCount.toLocaleString('en')} active)
                                </Link>
                              ),
                            },
                            { label: 'Active', value: <YesNoBadge value={data.active} /> },
                          ],
                        },
                        {
                          title: 'Record',
                          fields: [
                            { label: 'Last changed', value: formatDateTime(data.updatedAt) },
                            { label: 'Changed by', value: data.updatedBy },
                            { label: 'Version', value: String(data.version) },
                          ],
                        },
                      ]}
                    />
                  </div>
                ),
              },
              {
                id: 'edit',
                label: 'Edit',
                isHidden: !canEdit,
                content: (
                  <CountryForm
                    key={data.iso2}
                    country={data}
                    onSaved={() => openTab('overview')}
                    onReload={async () => (await country.refetch()).data}
                  />
                ),
              },
              {
                id: 'history',
                label: 'History',
                content: (
                  <div className="pt-4">
                    <RecordHistory table="countries" id={data.iso2} fieldLabels={fieldLabels} />
                  </div>
                ),
              },
            ]}
          />
        </Screen>
      )}
    </DetailScreen>
  );
}

import type { TPortalChangeRequest, TPortalCompany } from '@ops/contract/change-requests';
import { useEffect, useState } from 'react';
import { applicationsApi } from '../applications/api';
import { companyApi } from '../company/api';
import { ChangeRequests } from '../company/change-requests';
import { CloseAccount } from '../company/close-account';
import { CompanyDetails } from '../company/company-details';
import { CompanyForm } from '../company/company-form';
import { LoadingOrFailed, MemberScreenHeading } from '../components/member-screen';
import { SignInPanel } from '../components/sign-in-panel';
import { paths } from '../config/screens';
import { DataExportPanel } from '../data-export/data-export-panel';
import { MemberMessages } from '../i18n/member-messages-provider';
import { useMessages } from '../i18n/message';
import { useMemberData, type MemberTable } from '../membership/member-events';
import { useSession } from '../session/session';

/**
 * `PORTAL_URL/company` (issue 35): the member's company data as staff keep it; owners and admins
 * change it (the fields the federation allows at once, the others as a request staff check), and
 * everyone follows the requests and their decisions, and downloads the member's data (issue 35:
 * "Your data", owners and admins ask for the archive).
 */
export function CompanyScreen() {
  const { session } = useSession();
  if (session.state !== 'signed-in') {
    return <SignInPanel continuePath={paths.company.getHref()} title="signIn.title" />;
  }
  return (
    <MemberMessages>
      <Company />
    </MemberMessages>
  );
}

type CompanyAndRequests = { company: TPortalCompany; requests: TPortalChangeRequest[] };

const loadCompany = async (): Promise<CompanyAndRequests> => {
  const [company, requests] = await Promise.all([companyApi.get(), companyApi.requests()]);
  return { company, requests: requests.items };
};

/**
 * Staff's approval, or a direct change made elsewhere, writes the member's record; a decline
 * writes only the request.
 */
const companyTables: readonly MemberTable[] = ['members', 'member_change_requests'];

function Company() {
  const t = useMessages();
  const { data, error, reload } = useMemberData(loadCompany, companyTables);
  const [countries, setCountries] = useState<{ iso2: string; name: string }[]>([]);
  const canEdit = data?.company.canEdit ?? false;
  useEffect(() => {
    if (!canEdit) return;
    let isCurrent = true;
    applicationsApi.countries().then(
      (list) => {
        if (isCurrent) setCountries(list.items);
      },
      (failure: unknown) => console.warn(failure),
    );
    return () => {
      isCurrent = false;
    };
  }, [canEdit]);
  return (
    <div className="space-y-4">
      <MemberScreenHeading title="company.title" />
      {data === undefined ? (
        <LoadingOrFailed error={error} failed="company.loadFailed" />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {t('membership.number', { number: data.company.number })}
          </p>
          <p>{t('company.intro')}</p>
          {data.company.canEdit ? (
            <CompanyForm company={data.company} countries={countries} onSaved={reload} />
          ) : (
            <>
              <p className="rounded-md border border-slate-200 bg-white p-3">
                {t('company.readOnly')}
              </p>
              <CompanyDetails values={data.company.values} />
            </>
          )}
          <ChangeRequests
            items={data.requests}
            canAttach={data.company.canEdit}
            onChanged={reload}
          />
          <DataExportPanel />
          {data.company.canEdit ? (
            <CloseAccount
              canClose={data.company.canClose}
              pending={data.company.pending.some((request) => request.kind === 'close-account')}
              onSent={reload}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

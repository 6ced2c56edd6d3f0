import type { TPortalApplication } from '@ops/contract/portal-applications';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { applicationsApi } from '../applications/api';
import { StatusBadge } from '../applications/status-badge';
import { SignInPanel } from '../components/sign-in-panel';
import { EndorsementRequests } from '../endorsement/endorsement-requests';
import { MemberMessages } from '../i18n/member-messages-provider';
import { MembershipPanel } from '../membership/membership-panel';
import { ReceivedInvitations } from '../membership/received-invitations';
import { useMemberHome } from '../membership/use-member-home';
import { paths } from '../config/screens';
import { Message, useMessages } from '../i18n/message';
import { useSession } from '../session/session';

const linkButton =
  'inline-flex min-h-11 items-center rounded-md bg-sky-700 px-4 font-medium text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

/**
 * `PORTAL_URL/`: the signed-in person's home, else the way to sign in. A member's user finds the
 * membership first (issue 35); an applicant, their applications.
 */
export function HomeScreen() {
  const { session } = useSession();
  return (
    <div className="space-y-6">
      {session.state === 'signed-in' ? (
        <SignedInHome />
      ) : (
        <SignInPanel continuePath={paths.home.getHref()} title="signIn.title" />
      )}
      {/* The public member directory, for anyone (issue 35). */}
      <p>
        <Link
          to={paths.directory.getHref()}
          className="inline-flex min-h-11 items-center text-sky-900 underline"
        >
          <Message id="home.directory" />
        </Link>
      </p>
    </div>
  );
}

function SignedInHome() {
  const home = useMemberHome();
  if (home === undefined) {
    return (
      <p role="status">
        <Message id="apps.loading" />
      </p>
    );
  }
  return (
    <div className="space-y-6">
      {home ? (
        <MemberMessages>
          <MembershipPanel home={home} />
        </MemberMessages>
      ) : null}
      {/* The page's h1 is the membership's, else the applications'; the rest follow it. */}
      <Applications isPageTitle={!home} />
      <ReceivedInvitations />
      <EndorsementRequests />
    </div>
  );
}

function Applications({ isPageTitle }: { isPageTitle: boolean }) {
  const Heading = isPageTitle ? 'h1' : 'h2';
  const t = useMessages();
  const [items, setItems] = useState<TPortalApplication[] | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void applicationsApi.list().then((list) => {
      if (isCurrent) setItems(list.items);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  // A member's user who never applied here has no applications to look after.
  if (!isPageTitle && items?.length === 0) return null;
  return (
    <section aria-labelledby="home-title" className="space-y-4">
      <Heading
        id="home-title"
        className={isPageTitle ? 'text-2xl font-semibold' : 'text-xl font-semibold'}
      >
        <Message id="home.title" />
      </Heading>
      {items === null ? (
        <p role="status">
          <Message id="apps.loading" />
        </p>
      ) : (
        <>
          <p>{t('apps.count', { count: String(items.length) })}</p>
          <ul className="space-y-2">
            {items.map((application) => (
              <li key={application.aid} className="rounded-md border border-slate-200 bg-white p-3">
                <Link
                  to={paths.application.getHref({ aid: application.aid })}
                  className="block font-medium text-sky-900 underline"
                >
                  {application.company.legalName ?? t('apps.untitled')}
                </Link>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <span>{application.number}</span>
                  <StatusBadge status={application.status} />
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to={paths.apply.getHref()} className={linkButton}>
        <Message id="apps.start" />
      </Link>
    </section>
  );
}

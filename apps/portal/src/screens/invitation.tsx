import type { TPortalReceivedInvitation } from '@ops/contract/portal-colleagues';
import { formatMemberDay } from '@ops/contract/member-formats';
import { Button } from '@ops/ui/button';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { SignInPanel } from '../components/sign-in-panel';
import { paths } from '../config/screens';
import { useLanguage } from '../i18n/language-provider';
import { MemberMessages } from '../i18n/member-messages-provider';
import { useMessages } from '../i18n/message';
import { colleaguesApi } from '../membership/api';
import { useSession } from '../session/session';

/**
 * `PORTAL_URL/invitations/{id}` (issue 35), the invitation e-mail's link: signed in with the
 * invited address, the invitee accepts or declines. The id alone shows nothing to anyone else.
 */
export function InvitationScreen() {
  const { id = '' } = useParams();
  const { session } = useSession();
  if (session.state !== 'signed-in') {
    return <SignInPanel continuePath={paths.invitation.getHref({ id })} title="signIn.title" />;
  }
  return (
    <MemberMessages>
      <Invitation id={id} email={session.user.email ?? ''} />
    </MemberMessages>
  );
}

type Answer =
  { state: 'open' } | { state: 'accepted' } | { state: 'declined' } | { state: 'failed' };

function Invitation({ id, email }: { id: string; email: string }) {
  const t = useMessages();
  const { language } = useLanguage();
  const [invitation, setInvitation] = useState<TPortalReceivedInvitation | null | undefined>();
  const [answer, setAnswer] = useState<Answer>({ state: 'open' });
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void colleaguesApi.received().then(({ items }) => {
      if (isCurrent) setInvitation(items.find((item) => item.id === id) ?? null);
    });
    return () => {
      isCurrent = false;
    };
  }, [id]);
  const answerIt = async (accept: boolean) => {
    setIsBusy(true);
    try {
      await colleaguesApi.answer(id, accept);
      setAnswer({ state: accept ? 'accepted' : 'declined' });
    } catch {
      setAnswer({ state: 'failed' });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('invitation.title')}</h1>
      {invitation === undefined ? (
        <p role="status">{t('apps.loading')}</p>
      ) : invitation === null ? (
        <p>{t('invitation.none', { email })}</p>
      ) : (
        <>
          <p>
            {t('invitation.text', {
              invitedBy: invitation.invitedBy ?? '',
              member: invitation.memberName,
              number: invitation.memberNumber,
              role: invitation.role,
            })}
          </p>
          <p className="text-sm text-slate-700">
            {t('invitation.until', {
              date: formatMemberDay(invitation.expiresAt.slice(0, 10), language),
            })}
          </p>
          {answer.state === 'open' ? (
            <div className="flex flex-wrap gap-2">
              <Button className="min-h-11" isBusy={isBusy} onClick={() => void answerIt(true)}>
                {t('invitation.accept')}
              </Button>
              <Button
                variant="secondary"
                className="min-h-11"
                isBusy={isBusy}
                onClick={() => void answerIt(false)}
              >
                {t('invitation.decline')}
              </Button>
            </div>
          ) : null}
          <div role="status">
            {answer.state === 'accepted' ? (
              <p className="font-medium text-green-900">
                {t('invitation.accepted', { member: invitation.memberName })}
              </p>
            ) : answer.state === 'declined' ? (
              <p>{t('invitation.declined')}</p>
            ) : answer.state === 'failed' ? (
              <p className="font-medium text-red-800">{t('colleagues.failed')}</p>
            ) : null}
          </div>
        </>
      )}
      {answer.state !== 'open' || invitation === null ? (
        <Link to={paths.home.getHref()} className="inline-flex min-h-11 items-center underline">
          {t('invitation.home')}
        </Link>
      ) : null}
    </div>
  );
}

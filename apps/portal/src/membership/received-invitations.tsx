import type { TPortalReceivedInvitation } from '@ops/contract/portal-colleagues';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/screens';
import { MemberMessages } from '../i18n/member-messages-provider';
import { useMessages } from '../i18n/message';
import { colleaguesApi } from './api';
import { TitledSection } from '../components/titled-section';

/** On the home: the invitations to the signed-in address, each a link to answer it (issue 35). */
export function ReceivedInvitations() {
  const [items, setItems] = useState<TPortalReceivedInvitation[]>([]);
  useEffect(() => {
    let isCurrent = true;
    colleaguesApi.received().then(
      (received) => {
        if (isCurrent) setItems(received.items);
      },
      (error: unknown) => console.warn(error),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  if (items.length === 0) return null;
  return (
    <MemberMessages>
      <InvitationLinks items={items} />
    </MemberMessages>
  );
}

function InvitationLinks({ items }: { items: TPortalReceivedInvitation[] }) {
  const t = useMessages();
  const id = useId();
  return (
    <TitledSection
      id={id}
      title={t('invitations.waiting')}
      className="space-y-2 rounded-md bg-amber-50 p-3"
    >
      <ul>
        {items.map((invitation) => (
          <li key={invitation.id}>
            <Link
              to={paths.invitation.getHref({ id: invitation.id })}
              className="inline-flex min-h-11 items-center text-sky-900 underline"
            >
              {t('invitations.open', { member: invitation.memberName })}
            </Link>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

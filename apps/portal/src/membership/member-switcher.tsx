import type { TPortalMembership } from '@ops/contract/portal-membership';
import { isApiError } from '@ops/ui/api-client';
import { focusRing } from '@ops/ui/button';
import { useId, useState } from 'react';
import { paths } from '../config/screens';
import { useMessages } from '../i18n/message';
import { membershipApi } from './api';

/** Why a switch did not happen: the member is not the user's (404), no answer, or another refusal. */
export type SwitchFailure = 'not-yours' | 'network' | 'failed';

/** The whole portal read again, from the home: every screen, PDF and stream now for the member. */
const openHome = () => window.location.assign(paths.home.getHref());

/**
 * Makes `mid` the member the portal session acts for (`PUT /api/membership/current`), then
 * `reload`s the whole page so that nothing read for the previous member stays on screen.
 * Resolves with the failure instead, the page left as it was.
 */
export async function switchMember(
  mid: string,
  reload: () => void = openHome,
): Promise<SwitchFailure | null> {
  try {
    await membershipApi.switchTo(mid);
  } catch (error) {
    if (!isApiError(error)) return 'network';
    return error.code === 'not-found' ? 'not-yours' : 'failed';
  }
  reload();
  return null;
}

/**
 * "Acting for" (issue 35): a group's person, a user of several members, chooses the member the
 * portal acts for; nothing for a user of one member. Choosing reloads the portal for the member.
 */
export function MemberSwitcher({ membership }: { membership: TPortalMembership }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<SwitchFailure | null>(null);
  const choose = (mid: string) => {
    if (chosen !== null || mid === membership.mid) return;
    setChosen(mid);
    setFailure(null);
    void switchMember(mid).then((failed) => {
      if (!failed) return;
      setChosen(null);
      setFailure(failed);
    });
  };
  return (
    <MemberSwitcherView
      membership={membership}
      chosen={chosen}
      failure={failure}
      onChoose={choose}
    />
  );
}

const failureIds = {
  'not-yours': 'memberSwitcher.notYours',
  network: 'error.network',
  failed: 'memberSwitcher.failed',
} as const;

/** The switcher as it shows: `chosen` is the member being opened, `failure` the last refusal. */
export function MemberSwitcherView({
  membership,
  chosen = null,
  failure = null,
  onChoose,
}: {
  membership: TPortalMembership;
  chosen?: string | null;
  failure?: SwitchFailure | null;
  onChoose: (mid: string) => void;
}) {
  const t = useMessages();
  const id = useId();
  const { memberships } = membership;
  if (memberships.length < 2) return null;
  const opening = memberships.find((choice) => choice.mid === chosen);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('memberSwitcher.label')}
      </label>
      <select
        id={id}
        value={chosen ?? membership.mid}
        onChange={(event) => onChoose(event.target.value)}
        aria-describedby={`${id}-help`}
        className={`min-h-11 w-full max-w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 text-sm ${focusRing}`}
      >
        {memberships.map((choice) => (
          <option key={choice.mid} value={choice.mid}>
            {`${choice.legalName} (${choice.number}) · ${t('colleagues.role', { role: choice.role })}`}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className="text-sm text-slate-700">
        {t('memberSwitcher.help', { count: memberships.length })}
      </p>
      {/* In the page from the start, so that what it says once a member is chosen is heard. */}
      <p role="status" className="text-sm">
        {opening ? t('memberSwitcher.switching', { member: opening.legalName }) : null}
      </p>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t(failureIds[failure])}
        </p>
      ) : null}
    </div>
  );
}

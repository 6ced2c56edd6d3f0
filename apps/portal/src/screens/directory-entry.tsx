import { Link } from 'react-router';
import { LoadingOrFailed, MemberScreenHeading } from '../components/member-screen';
import { SignInPanel } from '../components/sign-in-panel';
import { paths } from '../config/screens';
import { directoryEntryApi } from '../directory-entry/api';
import { DirectoryEntryForm } from '../directory-entry/entry-form';
import { directoryMessageLoaders } from '../i18n/directory-messages-provider';
import { memberMessageLoaders } from '../i18n/member-messages-provider';
import { MessageChunks } from '../i18n/message-chunks';
import { useMessages } from '../i18n/message';
import { useMemberData, type MemberTable } from '../membership/member-events';
import { useSession } from '../session/session';

/**
 * `PORTAL_URL/directory-entry` (issue 35): the member's entry in the public directory, off until
 * an owner or admin lists it; what it shows, and its preview, the public directory's own card.
 * The member side's words and the directory's load together.
 */
export function DirectoryEntryScreen() {
  const { session } = useSession();
  if (session.state !== 'signed-in') {
    return <SignInPanel continuePath={paths.directoryEntry.getHref()} title="signIn.title" />;
  }
  return (
    <MessageChunks sets={entryMessageSets}>
      <DirectoryEntry />
    </MessageChunks>
  );
}

const entryMessageSets = [memberMessageLoaders, directoryMessageLoaders];

/**
 * The membership's status and staff's hiding are the member's record; the preview's
 * certificate check, its certificates; a colleague's change, the entry itself.
 */
const entryTables: readonly MemberTable[] = ['members', 'certificates', 'member_directory_entries'];

function DirectoryEntry() {
  const t = useMessages();
  const { data, error, reload } = useMemberData(directoryEntryApi.get, entryTables);
  return (
    <div className="space-y-4">
      <MemberScreenHeading title="directoryEntry.title" />
      {data === undefined ? (
        <LoadingOrFailed error={error} failed="directoryEntry.loadFailed" />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {t('membership.number', { number: data.preview.number })}
          </p>
          <p>{t('directoryEntry.intro')}</p>
          <p>
            <Link
              to={paths.directory.getHref()}
              className="inline-flex min-h-11 items-center text-sky-900 underline"
            >
              {t('directoryEntry.openDirectory')}
            </Link>
          </p>
          <DirectoryEntryForm entry={data} onSaved={reload} onReload={reload} />
        </>
      )}
    </div>
  );
}

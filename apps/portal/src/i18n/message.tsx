import { FormattedMessage, useIntl } from 'react-intl';
import type { DirectoryMessageId } from './directory-messages';
import type { MemberMessageId } from './member-messages';
import type { MessageId as PortalMessageId } from './messages/en';

/**
 * A message of the portal, of its member side (inside `MemberMessages`) or of the public
 * directory (inside `DirectoryMessages`).
 */
type MessageId = PortalMessageId | MemberMessageId | DirectoryMessageId;

/** One of the portal's messages, by its id (typed: a missing id does not compile). */
export function Message({
  id,
  values,
}: {
  id: MessageId;
  values?: Record<string, string | number>;
}) {
  return <FormattedMessage id={id} values={values} />;
}

/** The portal's messages as strings, for attributes and labels. */
export function useMessages() {
  const intl = useIntl();
  return (id: MessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
}

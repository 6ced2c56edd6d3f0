import { FormattedMessage, useIntl } from 'react-intl';
import type { MemberMessageId } from './member-messages';
import type { MessageId as PortalMessageId } from './messages/en';

/** A message of the portal, or of its member side (inside `MemberMessages`). */
type MessageId = PortalMessageId | MemberMessageId;

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

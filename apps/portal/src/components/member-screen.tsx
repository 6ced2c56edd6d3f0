import { isApiError } from '@ops/ui/api-client';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/screens';
import { Message, useMessages } from '../i18n/message';
import { ErrorAlert } from './alert';

type MessageId = ComponentProps<typeof Message>['id'];

/** A member screen's top: the way back to the home, then its title. */
export function MemberScreenHeading({ title }: { title: MessageId }) {
  return (
    <>
      <Link to={paths.home.getHref()} className="text-sm text-sky-800 underline">
        <Message id="invoices.back" />
      </Link>
      <h1 className="text-2xl font-semibold">
        <Message id={title} />
      </h1>
    </>
  );
}

/**
 * What a member screen shows until its data is there: that it loads, or why it could not (the
 * screen's own words for a refusal, the network's for no answer).
 */
export function LoadingOrFailed({ error, failed }: { error: unknown; failed: MessageId }) {
  const t = useMessages();
  return error === undefined ? (
    <p role="status">
      <Message id="apps.loading" />
    </p>
  ) : (
    <ErrorAlert>{isApiError(error) ? t(failed) : t('error.network')}</ErrorAlert>
  );
}

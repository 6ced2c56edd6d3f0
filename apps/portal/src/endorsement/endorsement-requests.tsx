import type { TEndorsementRequestItem } from '@ops/contract/portal-endorsements';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useMessages } from '../i18n/message';
import { endorsementApi } from './api';

/**
 * On the home of a national association's owner or admin user: the endorsement requests waiting
 * for the association's answer (issue 34), each opening the same page as the e-mailed link.
 * Nothing at all for everyone else, so an applicant's home stays as it was.
 */
export function EndorsementRequests() {
  const t = useMessages();
  const intl = useIntl();
  const [items, setItems] = useState<TEndorsementRequestItem[]>([]);
  useEffect(() => {
    let isCurrent = true;
    // A failure only leaves the section out: the e-mailed links still work.
    endorsementApi.requests().then(
      (list) => {
        if (isCurrent) setItems(list.items);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  const first = items[0];
  if (!first) return null;
  const day = (iso: string) =>
    intl.formatDate(iso, { dateStyle: 'long', timeZone: 'Europe/Zurich' });
  return (
    <section
      aria-labelledby="endorsement-requests-title"
      className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-3"
    >
      <h2 id="endorsement-requests-title" className="text-lg font-semibold">
        {t('requests.title', { association: first.associationName })}
      </h2>
      <p className="text-sm text-slate-700">{t('requests.intro')}</p>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.path} className="rounded-md border border-slate-200 bg-white p-3">
            <Link to={item.path} className="block font-medium break-words text-sky-900 underline">
              {t('requests.open', { legalName: item.legalName })}
            </Link>
            <p className="mt-1 text-sm text-slate-700">
              {t('requests.item', { number: item.applicationNumber })}
              {item.countryName ? ` · ${item.countryName}` : ''}
            </p>
            <p className="text-sm text-slate-700">
              {t('requests.dates', { sent: day(item.sentAt), expires: day(item.expiresAt) })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

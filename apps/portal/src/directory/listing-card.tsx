import type { TDirectoryListing } from '@ops/contract/directory';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useMessages } from '../i18n/message';
import { useCountryName } from './country-names';
import { fieldLabels, serviceLabels } from './labels';

const linkClass = 'inline-flex min-h-11 items-center text-sky-900 underline';

/** A website's address to read: without its scheme nor a trailing slash. */
export function shownAddress(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** Only a web address is a link: anything else kept from before is shown as text. */
const isWebAddress = (url: string) => /^https?:\/\/[^\s]+$/i.test(url);

/** The number to dial: its digits, and the + of an international one. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')}`;
}

/**
 * A member as the public directory shows it (issue 35): its name as the heading, then only the
 * fields it chose, in the contract's order (city, country, website, services, phone), and the
 * public check of its current certificate. The public page lists these; the member's directory
 * entry screen previews its own with the very same card.
 */
export function DirectoryListingCard({
  listing,
  headingLevel = 'h3',
}: {
  listing: TDirectoryListing;
  headingLevel?: 'h2' | 'h3';
}) {
  const t = useMessages();
  const intl = useIntl();
  const countryName = useCountryName();
  const Heading = headingLevel;
  const rows: [keyof typeof fieldLabels, ReactNode][] = [];
  if (listing.city) rows.push(['city', listing.city]);
  if (listing.countryIso2 || listing.countryName) {
    rows.push([
      'country',
      listing.countryIso2
        ? countryName(listing.countryIso2, listing.countryName)
        : listing.countryName,
    ]);
  }
  if (listing.website) {
    rows.push([
      'website',
      isWebAddress(listing.website) ? (
        <a
          href={listing.website}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className={`${linkClass} break-all`}
        >
          {shownAddress(listing.website)}
          <span className="sr-only"> {t('directory.newTab')}</span>
        </a>
      ) : (
        <span className="break-all">{listing.website}</span>
      ),
    ]);
  }
  if (listing.services.length > 0) {
    rows.push([
      'services',
      intl.formatList(
        listing.services.map((service) => t(serviceLabels[service])),
        { type: 'conjunction' },
      ),
    ]);
  }
  if (listing.phone) {
    rows.push([
      'phone',
      <a href={telHref(listing.phone)} className={linkClass}>
        {listing.phone}
      </a>,
    ]);
  }
  return (
    <article className="min-w-0 space-y-2 rounded-md border border-slate-200 bg-white p-3">
      {/* Focusable by the page: the first entry "More results" added takes the focus. */}
      <Heading
        tabIndex={-1}
        data-listing-heading
        className="text-lg font-semibold break-words focus-visible:outline-2 focus-visible:outline-sky-600"
      >
        {listing.name}
      </Heading>
      {rows.length > 0 ? (
        <dl className="grid grid-cols-1 gap-y-1">
          {rows.map(([field, value]) => (
            <div key={field} className="min-w-0">
              <dt className="text-xs text-slate-600">{t(fieldLabels[field])}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {listing.verificationUrl ? (
        <p>
          <a href={listing.verificationUrl} className={linkClass}>
            {t('directory.certificate')}
            <span className="sr-only"> – {listing.name}</span>
          </a>
        </p>
      ) : null}
    </article>
  );
}

import { focusRing } from '@ops/ui/button';
import { isFunctionsError } from '@/lib/callable';
import { getErrorMessage } from '@ops/ui/error-message';
import { SearchApiError, SearchCommunicationError } from '../api/search-client';

/** What went wrong with a search, said by where it went wrong (spec §8's search errors). */
export function describeSearchError(error: unknown): {
  title: string;
  message: string;
  link?: string;
} {
  if (error instanceof SearchApiError) {
    return {
      title: 'The search service refused the query',
      message: `${error.message} (${error.code}, HTTP ${error.httpStatus})`,
      link: error.link || undefined,
    };
  }
  if (error instanceof SearchCommunicationError) {
    return { title: 'The search service could not be reached', message: error.message };
  }
  if (isFunctionsError(error)) {
    return { title: 'Search is not available', message: `${error.message} (${error.code})` };
  }
  return { title: 'The search failed', message: getErrorMessage(error) };
}

/** A failed search, shown in place of the results. */
export function SearchErrorMessage({ error }: { error: unknown }) {
  const { title, message, link } = describeSearchError(error);
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
    >
      <p className="font-medium">{title}</p>
      <p className="mt-0.5 break-words">{message}</p>
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noreferrer"
          className={`mt-1 inline-block rounded underline ${focusRing}`}
        >
          About this error
        </a>
      ) : null}
    </div>
  );
}

import { Button } from '@ops/ui/button';
import type { Ref } from 'react';
import { useMessages } from '../i18n/message';
import { DirectoryListingCard } from './listing-card';
import { problemWords, type SearchResults } from './search';
import { NoticeAlert } from '../components/alert';
import { TitledSection } from '../components/titled-section';

/**
 * The search's results (issue 35): how many were found, in a live region that says it as each
 * search or "More results" ends; the entries as cards; a refusal in words (the limit per
 * address: try again in a minute), the entries already shown kept.
 */
export function DirectoryResults({
  results,
  isLoading,
  isLoadingMore,
  onMore,
  listRef,
}: {
  /** None before the first answer; the previous search's while `isLoading`. */
  results: SearchResults | null;
  isLoading: boolean;
  isLoadingMore: boolean;
  onMore: () => void;
  listRef?: Ref<HTMLUListElement>;
}) {
  const t = useMessages();
  const shown = isLoading ? null : results;
  const count = shown?.items.length ?? 0;
  const isRefused = shown?.problem != null && count === 0;
  const status = isLoading
    ? t('directory.searching')
    : isLoadingMore
      ? t('directory.loadingMore')
      : !shown || isRefused
        ? ''
        : t(shown.nextCursor ? 'directory.countMore' : 'directory.count', { count });
  return (
    <TitledSection id="directory-results" title={t('directory.results')} className="space-y-3">
      {/* Always there, so that what it says next is read out. */}
      <p role="status" aria-live="polite" className="font-medium">
        {status}
      </p>
      {shown?.problem ? <NoticeAlert>{problemWords(shown.problem, t)}</NoticeAlert> : null}
      {shown && count === 0 && !shown.problem ? (
        <p className="text-slate-700">{t('directory.noneHint')}</p>
      ) : null}
      {shown && count > 0 ? (
        <ul ref={listRef} className="space-y-2">
          {shown.items.map((listing) => (
            <li key={listing.number}>
              <DirectoryListingCard listing={listing} />
            </li>
          ))}
        </ul>
      ) : null}
      {shown?.nextCursor ? (
        <Button
          variant="secondary"
          isBusy={isLoadingMore}
          onClick={onMore}
          className="min-h-11 w-full sm:w-auto"
        >
          {t(isLoadingMore ? 'directory.loadingMore' : 'directory.more')}
        </Button>
      ) : null}
    </TitledSection>
  );
}

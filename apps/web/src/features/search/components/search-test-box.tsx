import { useId, useState } from 'react';
import { Link } from 'react-router';
import { focusRing } from '@ops/ui/button';
import { ProgressBar } from '@/components/progress-bar';
import { TextField } from '@ops/ui/text-field';
import { useTestSearch } from '../api/test-search';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { searchDebounceMs } from '../utils/constants';
import { formatCount } from '../utils/format';
import { getHitHref, getHitLabel, matchStageDescriptions, normalizeQuery } from '../utils/hits';
import { SearchErrorMessage } from './search-error-message';
import { TypeBadge } from './type-badge';
import { TableHeaderRow } from '@ops/ui/table-header-row';

/**
 * Runs a query through the palette's own search client, asking for the ranking details, to see
 * why each hit ranks where it does.
 */
export function SearchTestBox() {
  const headingId = useId();
  const [text, setText] = useState('');
  const normalized = normalizeQuery(text);
  const debounced = useDebouncedValue(normalized, searchDebounceMs);
  const q = normalized === '' ? '' : debounced;
  const query = useTestSearch(q);
  const answer = q === '' ? undefined : query.data;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Test a query
      </h3>
      <TextField
        label="Query"
        help="Searched as the palette does, with the ranking of each hit."
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        className="max-w-md"
      />
      <div className="h-0.5">{query.isFetching ? <ProgressBar label="Searching" /> : null}</div>
      {query.error && q !== '' ? <SearchErrorMessage error={query.error} /> : null}
      {answer && answer.hits.length === 0 ? (
        <p role="status" className="text-sm text-slate-600">
          No result found.
        </p>
      ) : null}
      {answer && answer.hits.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-query={answer.query}>
            <caption className="mb-2 text-left text-sm text-slate-600">
              {`${formatCount(answer.hits.length)} of about ${formatCount(answer.estimatedTotalHits)} hits for “${answer.query}” in ${answer.processingTimeMs} ms`}
            </caption>
            <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
              <TableHeaderRow
                columns={[
                  { label: '#', isNumeric: true },
                  'Type',
                  'Name',
                  'Description',
                  'Stage',
                  { label: 'Typos', isNumeric: true },
                  { label: 'Score', isNumeric: true },
                ]}
                padding="py-1.5"
                gap="pr-3"
              />
            </thead>
            <tbody className="divide-y divide-slate-100">
              {answer.hits.map((hit, index) => {
                const details = hit._rankingScoreDetails;
                return (
                  <tr key={hit.id}>
                    <td className="py-1.5 pr-3 text-right tabular-nums">
                      {answer.offset + index + 1}
                    </td>
                    <td className="py-1.5 pr-3">
                      <TypeBadge type={hit._type} />
                    </td>
                    <th scope="row" className="py-1.5 pr-3 font-normal">
                      <Link
                        to={getHitHref(hit)}
                        className={`rounded font-medium text-sky-800 underline ${focusRing}`}
                      >
                        {getHitLabel(hit)}
                      </Link>
                    </th>
                    <td className="max-w-xs truncate py-1.5 pr-3 text-slate-700">
                      {hit.description}
                    </td>
                    <td className="py-1.5 pr-3">
                      {details ? (
                        <abbr
                          title={matchStageDescriptions[details.stage]}
                          className="no-underline"
                        >
                          {details.stage}
                        </abbr>
                      ) : (
                        '–'
                      )}
                    </td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{details?.typos ?? '–'}</td>
                    <td className="py-1.5 text-right tabular-nums">
                      {hit._rankingScore === undefined ? '–' : hit._rankingScore.toFixed(3)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

import { median, percentile } from './stats';

/** A list endpoint and the views its screen offers (query strings without cursor and limit). */
export type ListViews = { path: string; views: string[] };

export type ListWalkResult = {
  samples: number[];
  byList: Record<
    string,
    {
      p50Ms: number;
      p95Ms: number;
      requests: number;
      /** First pages only (no cursor): the pages that count their rows exactly when few. */
      firstPageP50Ms: number;
      firstPageP95Ms: number;
    }
  >;
  slowestViews: { view: string; p50Ms: number; maxMs: number }[];
};

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Walks every view of every list: the first page, then up to `pagesDeep` pages along the
 * cursor, 50 rows a page, one sample per request (round trip over loopback HTTP). A first pass
 * warms caches and is not measured.
 */
export async function walkListViews(options: {
  url: string;
  cookie: string;
  lists: readonly ListViews[];
  pagesDeep: number;
  log: (line: string) => void;
}): Promise<ListWalkResult> {
  const { url, cookie, lists, pagesDeep } = options;
  const walk = async (path: string, view: string) => {
    const times: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page <= pagesDeep; page++) {
      const startedAt = performance.now();
      const query: string = [view, 'limit=50', cursor ? `cursor=${cursor}` : '']
        .filter((part) => part !== '')
        .join('&');
      const response = await fetch(`${url}${path}?${query}`, { headers: { cookie } });
      const body = (await response.json()) as { nextCursor: string | null };
      if (!response.ok) {
        throw new Error(`${path}?${view}: ${response.status} ${JSON.stringify(body)}`);
      }
      times.push(performance.now() - startedAt);
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    return times;
  };
  for (const { path, views } of lists) for (const view of views) await walk(path, view);
  const samples: number[] = [];
  const byList: ListWalkResult['byList'] = {};
  const slowestViews: ListWalkResult['slowestViews'] = [];
  for (const { path, views } of lists) {
    const listSamples: number[] = [];
    const firstPages: number[] = [];
    for (const view of views) {
      const times = await walk(path, view);
      listSamples.push(...times);
      firstPages.push(times[0] ?? Number.NaN);
      slowestViews.push({
        view: `${path}?${view}`,
        p50Ms: round(median(times)),
        maxMs: round(Math.max(...times)),
      });
    }
    samples.push(...listSamples);
    byList[path] = {
      p50Ms: round(median(listSamples)),
      p95Ms: round(percentile(listSamples, 0.95)),
      requests: listSamples.length,
      firstPageP50Ms: round(median(firstPages)),
      firstPageP95Ms: round(percentile(firstPages, 0.95)),
    };
    options.log(
      `${path}: p50 ${byList[path].p50Ms} ms, p95 ${byList[path].p95Ms} ms; first pages ` +
        `p50 ${byList[path].firstPageP50Ms} ms, p95 ${byList[path].firstPageP95Ms} ms`,
    );
  }
  slowestViews.sort((a, b) => b.p50Ms - a.p50Ms);
  return { samples, byList, slowestViews: slowestViews.slice(0, 12) };
}

/** Each column sorted both ways. */
export const bothWays = (fields: readonly string[]) =>
  fields.flatMap((field) => [`sort=${field}`, `sort=-${field}`]);

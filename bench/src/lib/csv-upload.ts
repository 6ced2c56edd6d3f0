import fs from 'node:fs';
import { formatDuration } from './format';

/** 300 MB, in the report's bytes: the memory target of the CSV upload benchmarks. */
export const uploadMemoryTarget = 300 * 1_000 * 1_000;

/** Peak resident memory (VmHWM) of a process, in bytes. */
export function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** Resident memory (VmRSS) of a process now, in bytes. */
export function currentRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function postJson(url: string, cookie: string, path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: url },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export type CsvUploadTiming = {
  elapsedMs: number;
  uploadMs: number;
  validateMs: number;
  commitMs: number;
  /** Until the upload's follow-up (search index, certificates…) was done, from the start. */
  followedUpAfterMs: number | null;
  peakRssBytes: number;
  peakRssAfterValidateBytes: number;
  peakRssAfterCommitBytes: number;
  validation: unknown;
  /** The upload's result once its follow-up is done (else the commit's). */
  result: unknown;
};

/**
 * One CSV import through the HTTP API as the browser drives it: POST the file, validate with
 * the guessed mapping (expecting no invalid row), commit all or nothing (expecting every row
 * inserted), then poll until the follow-up the result names (`followUpKey`) is done.
 */
export async function runCsvUpload(options: {
  url: string;
  cookie: string;
  /** `/api/members/uploads`, `/api/invoices/uploads`. */
  apiPath: string;
  file: Buffer;
  rows: number;
  followUpKey: string;
  serverPid: number;
  log: (line: string) => void;
}): Promise<CsvUploadTiming> {
  const { url, cookie, apiPath, file, rows, followUpKey, serverPid: pid } = options;
  const startedAt = performance.now();
  const uploadResponse = await fetch(`${url}${apiPath}?filename=bench.csv`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/octet-stream', origin: url },
    body: new Uint8Array(file),
  });
  const upload = (await uploadResponse.json()) as { id: string; mapping: unknown };
  if (uploadResponse.status !== 201) {
    throw new Error(`upload: ${uploadResponse.status} ${JSON.stringify(upload)}`);
  }
  const uploadedMs = performance.now() - startedAt;
  const validated = await postJson(url, cookie, `${apiPath}/${upload.id}/validate`, {
    mapping: upload.mapping,
  });
  const validatedMs = performance.now() - startedAt;
  const peakRssAfterValidateBytes = peakRss(pid);
  const validation = validated.validation as { invalid: number };
  if (validation.invalid !== 0) {
    throw new Error(`expected no invalid rows, got ${JSON.stringify(validation)}`);
  }
  const committed = await postJson(url, cookie, `${apiPath}/${upload.id}/commit`, {
    mode: 'all-or-nothing',
  });
  const elapsedMs = performance.now() - startedAt;
  const peakRssAfterCommitBytes = peakRss(pid);
  if ((committed.result as { inserted: number }).inserted !== rows) {
    throw new Error(`expected ${rows} inserted, got ${JSON.stringify(committed.result)}`);
  }
  options.log(
    `uploaded ${formatDuration(uploadedMs)}, validated ${formatDuration(validatedMs - uploadedMs)}, ` +
      `committed ${formatDuration(elapsedMs - validatedMs)}: ${formatDuration(elapsedMs)}`,
  );

  let followedUpMs: number | null = null;
  let result: unknown = committed.result;
  while (performance.now() - startedAt < 600_000) {
    const response = await fetch(`${url}${apiPath}/${upload.id}`, { headers: { cookie } });
    const state = (await response.json()) as { result: Record<string, unknown> };
    if (state.result[followUpKey]) {
      followedUpMs = performance.now() - startedAt;
      result = state.result;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    elapsedMs,
    uploadMs: Math.round(uploadedMs),
    validateMs: Math.round(validatedMs - uploadedMs),
    commitMs: Math.round(elapsedMs - validatedMs),
    followedUpAfterMs: followedUpMs === null ? null : Math.round(followedUpMs),
    peakRssBytes: peakRss(pid),
    peakRssAfterValidateBytes,
    peakRssAfterCommitBytes,
    validation: validated.validation,
    result,
  };
}

import { gzipSync } from 'node:zlib';
import { type Browser, type Response } from 'playwright-core';
import type { BenchmarkContext } from './benchmark';
import { launchChromium } from './chromium';
import { formatValue } from './format';

export type ScriptFile = { path: string; bytes: number; gzipBytes: number };

function isJavaScript(response: Response): boolean {
  if (response.request().resourceType() === 'script') return true;
  return /javascript|ecmascript/i.test(response.headers()['content-type'] ?? '');
}

/** Opens `url` in a fresh context (empty cache) and weighs every script it loads. */
export async function weighScripts(browser: Browser, url: string): Promise<ScriptFile[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending = new Map<string, Promise<ScriptFile>>();
    page.on('response', (response) => {
      if (!isJavaScript(response) || !response.ok() || pending.has(response.url())) return;
      // The body Playwright gives is decoded, so what we gzip is the file as built.
      const file = response.body().then((body) => ({
        path: new URL(response.url()).pathname,
        bytes: body.length,
        gzipBytes: gzipSync(body).length,
      }));
      file.catch(() => undefined); // reported by Promise.all below
      pending.set(response.url(), file);
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const files = await Promise.all(pending.values());
    return files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  } finally {
    await context.close();
  }
}

/**
 * The first-load benchmarks' run: `runs` fresh visits of `url` in headless Chromium, each one's
 * scripts weighed gzipped and summed, with the last visit's files for the report.
 */
export async function weighFirstLoad(context: BenchmarkContext, url: string, runs: number) {
  const browser = await launchChromium();
  try {
    const samples: number[] = [];
    let files: ScriptFile[] = [];
    for (let run = 1; run <= runs; run++) {
      files = await weighScripts(browser, url);
      const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
      samples.push(total);
      context.log(
        `run ${run}/${runs}: ${files.length} scripts, ${formatValue(total, 'bytes')} gzipped`,
      );
    }
    return {
      samples,
      details: {
        browser: `Chromium ${browser.version()}`,
        rawBytes: files.reduce((sum, file) => sum + file.bytes, 0),
        files,
      },
    };
  } finally {
    await browser.close();
  }
}

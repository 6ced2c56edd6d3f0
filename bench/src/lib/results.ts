import fs from 'node:fs';
import path from 'node:path';
import type { Unit } from './benchmark';
import type { Machine } from './machine';
import { resultsDir } from './paths';

/** The content of bench/results/<name>.json. */
export type BenchmarkResult = {
  name: string;
  measures: string;
  unit: Unit;
  dataSize: string;
  runs: number;
  samples: number[];
  median: number;
  p95: number;
  target: number;
  met: boolean;
  /** Fault benchmarks: whether every invariant they checked held (see `details.invariants`). */
  invariantsHeld?: boolean;
  machine: Machine;
  date: string;
  commit: string;
  commitDirty: boolean;
  details?: Record<string, unknown>;
};

function isResult(value: unknown): value is BenchmarkResult {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as Partial<BenchmarkResult>;
  return (
    typeof result.name === 'string' &&
    (result.unit === 'ms' || result.unit === 'bytes') &&
    Array.isArray(result.samples) &&
    typeof result.median === 'number' &&
    typeof result.p95 === 'number' &&
    typeof result.target === 'number' &&
    typeof result.date === 'string' &&
    typeof result.machine === 'object'
  );
}

export function resultFile(name: string): string {
  return path.join(resultsDir, `${name}.json`);
}

export function writeResult(result: BenchmarkResult): void {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(resultFile(result.name), `${JSON.stringify(result, null, 2)}\n`);
}

/** Results of earlier invocations stay in the report until their benchmark runs again. */
export function readResults(names: readonly string[]): Map<string, BenchmarkResult> {
  const results = new Map<string, BenchmarkResult>();
  for (const name of names) {
    let text: string;
    try {
      text = fs.readFileSync(resultFile(name), 'utf8');
    } catch {
      continue; // never run on this checkout
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (isResult(parsed)) results.set(name, parsed);
      else console.warn(`bench: ignoring ${resultFile(name)}: not a benchmark result`);
    } catch (error) {
      console.warn(`bench: ignoring ${resultFile(name)}: ${(error as Error).message}`);
    }
  }
  return results;
}

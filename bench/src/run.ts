import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { benchmarks } from './benchmarks/index';
import type { Benchmark, BenchmarkContext } from './lib/benchmark';
import { formatDuration, formatTarget, formatValue } from './lib/format';
import { describeMachine, describeRevision } from './lib/machine';
import { repositoryRoot, reportFile, serverEntry, webIndex } from './lib/paths';
import { terminateAll } from './lib/processes';
import { renderReport, writeReport } from './lib/report';
import { readResults, resultFile, writeResult, type BenchmarkResult } from './lib/results';
import { createScratch, type Scratch } from './lib/scratch';
import { median, percentile } from './lib/stats';

const usage = `Usage: npm run bench -- [--no-build] [name ...]

Runs the named benchmarks (default: all), writes bench/results/<name>.json and regenerates
docs/benchmarks.md. Builds the app first unless --no-build.

Benchmarks:
${benchmarks.map((benchmark) => `  ${benchmark.name}`).join('\n')}`;

type Options = { isBuildWanted: boolean; selected: Benchmark[] };

function parseArguments(args: string[]): Options {
  let isBuildWanted = true;
  const names = new Set<string>();
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    } else if (arg === '--no-build') isBuildWanted = false;
    else if (arg.startsWith('-')) fail(`unknown option ${arg}`);
    else if (!benchmarks.some((benchmark) => benchmark.name === arg)) {
      fail(`unknown benchmark "${arg}"`);
    } else names.add(arg);
  }
  // Registry order whatever the command line says: seed-100k must precede cold-start-100k.
  const selected = names.size
    ? benchmarks.filter((benchmark) => names.has(benchmark.name))
    : [...benchmarks];
  return { isBuildWanted, selected };
}

function fail(message: string): never {
  console.error(`bench: ${message}\n\n${usage}`);
  process.exit(2);
}

function build(): Promise<void> {
  console.log('bench: npm run build');
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent'], {
      cwd: repositoryRoot,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`)),
    );
  });
}

function createContext(scratch: Scratch, benchmark: Benchmark): BenchmarkContext {
  return {
    newDataDir: (label) => scratch.newDataDir(label),
    shared: <T>(key: string, create: () => Promise<T>) => {
      let promise = sharedValues.get(key) as Promise<T> | undefined;
      if (!promise) {
        promise = create();
        sharedValues.set(key, promise);
      }
      return promise;
    },
    log: (message) => console.log(`bench: ${benchmark.name}: ${message}`),
  };
}

const sharedValues = new Map<string, Promise<unknown>>();

async function runOne(scratch: Scratch, benchmark: Benchmark): Promise<BenchmarkResult> {
  console.log(
    `bench: ${benchmark.name}: ${benchmark.runs} run(s), target ` +
      formatTarget(benchmark.target, benchmark.unit),
  );
  const startedAt = performance.now();
  const outcome = await benchmark.run(createContext(scratch, benchmark));
  if (outcome.samples.length === 0) throw new Error('no samples');
  // Tenths of a millisecond: finer digits are timer noise and only clutter the JSON.
  const samples = outcome.samples.map((sample) =>
    benchmark.unit === 'ms' ? Math.round(sample * 10) / 10 : sample,
  );
  const p95 = percentile(samples, 0.95);
  const revision = describeRevision();
  const result: BenchmarkResult = {
    name: benchmark.name,
    measures: benchmark.measures,
    unit: benchmark.unit,
    dataSize: benchmark.dataSize,
    runs: samples.length,
    samples,
    median: median(samples),
    p95,
    target: benchmark.target,
    met: p95 <= benchmark.target && outcome.invariantsHeld !== false,
    ...(outcome.invariantsHeld === undefined ? {} : { invariantsHeld: outcome.invariantsHeld }),
    machine: describeMachine(),
    date: new Date().toISOString(),
    commit: revision.commit,
    commitDirty: revision.isDirty,
    ...(outcome.details ? { details: outcome.details } : {}),
  };
  writeResult(result);
  console.log(
    `bench: ${benchmark.name}: median ${formatValue(result.median, result.unit)}, ` +
      `p95 ${formatValue(result.p95, result.unit)} ` +
      `(${result.met ? 'target met' : 'TARGET MISSED'}; took ` +
      `${formatDuration(performance.now() - startedAt)}) → ` +
      path.relative(repositoryRoot, resultFile(benchmark.name)),
  );
  return result;
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  if (options.isBuildWanted) await build();
  for (const file of [serverEntry, webIndex]) {
    if (!fs.existsSync(file)) {
      throw new Error(`${path.relative(repositoryRoot, file)} is missing: run without --no-build`);
    }
  }

  const scratch = createScratch();
  let isInterrupted = false;
  const interrupt = (signal: NodeJS.Signals) => {
    if (isInterrupted) process.exit(130);
    isInterrupted = true;
    console.error(`bench: ${signal}: stopping the servers and deleting the data folders`);
    void terminateAll()
      .then(() => scratch.remove())
      .finally(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);

  const failed: string[] = [];
  try {
    for (const benchmark of options.selected) {
      try {
        await runOne(scratch, benchmark);
      } catch (error) {
        if (isInterrupted) return;
        failed.push(benchmark.name);
        console.error(`bench: ${benchmark.name} failed: ${(error as Error).stack ?? error}`);
      }
    }
  } finally {
    await terminateAll();
    await scratch.remove();
  }

  const results = readResults(benchmarks.map((benchmark) => benchmark.name));
  writeReport(reportFile, renderReport(benchmarks, results));
  console.log(`bench: wrote ${path.relative(repositoryRoot, reportFile)}`);
  if (failed.length) {
    console.error(`bench: failed: ${failed.join(', ')} (their earlier results, if any, stay)`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

import fs from 'node:fs';
import path from 'node:path';
import type { Benchmark } from './benchmark';
import { formatTarget, formatValue } from './format';
import { isSameMachine, type Machine } from './machine';
import type { BenchmarkResult } from './results';

/** Pads the cells so the table reads well as plain text (and is what Prettier would write). */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(3, cell.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

function describe(machine: Machine): string[] {
  return [
    `- CPU: ${machine.cpu}`,
    `- Cores: ${machine.cores}`,
    `- Memory: ${machine.memoryGiB} GiB`,
    `- Node: ${machine.node}`,
    `- OS: ${machine.os}`,
  ];
}

export function renderReport(
  benchmarks: readonly Benchmark[],
  results: ReadonlyMap<string, BenchmarkResult>,
): string {
  const rows = benchmarks.map((benchmark) => {
    const result = results.get(benchmark.name);
    const name = `\`${benchmark.name}\``;
    const target = formatTarget(benchmark.target, benchmark.unit);
    if (!result) return [name, benchmark.dataSize, '–', 'not run yet', '–', target, '–'];
    const met = result.p95 <= benchmark.target && result.invariantsHeld !== false;
    return [
      name,
      result.dataSize,
      String(result.samples.length),
      formatValue(result.median, result.unit),
      formatValue(result.p95, result.unit),
      target,
      met ? 'yes' : '**no**',
    ];
  });

  const measured = [...results.values()].sort((a, b) => a.date.localeCompare(b.date));
  const latest = measured.at(-1);
  const dates = [...new Set(measured.map((result) => day(result.date)))];
  const revisions = [
    ...new Set(
      measured.map((result) => `${result.commit.slice(0, 10)}${result.commitDirty ? '+' : ''}`),
    ),
  ];

  const lines = [
    '# Benchmarks',
    '',
    'Figures of `npm run bench`, which builds the app (`npm run build`; `--no-build` skips it),',
    'runs the production server (`node apps/server/dist/main.js`) with its embedded PostgreSQL on',
    'throwaway data folders, and rewrites this file and `bench/results/<name>.json` (every sample,',
    'the machine, the date and the commit). Run one or several by name with',
    '`npm run bench -- cold-start-existing sign-in-js`; the others keep their last figures. p95 is',
    'the nearest-rank 95th percentile, so with fewer than 20 runs it is the slowest run; a target',
    'is met when p95 is within it. KB are 1,000 bytes. This file is generated: edit',
    '`bench/src/lib/report.ts` instead.',
    '',
    ...benchmarks.map(
      (benchmark) =>
        `- \`${benchmark.name}\` (target ${formatTarget(benchmark.target, benchmark.unit)}): ` +
        `${benchmark.measures}`,
    ),
    '',
    '## Results',
    '',
    table(['Benchmark', 'Data size', 'Runs', 'Median', 'p95', 'Target', 'Met?'], rows),
    '',
  ];
  if (latest) {
    const when =
      dates.length === 1
        ? `Measured on ${dates[0]}`
        : `Measured between ${dates[0]} and ${dates.at(-1)}`;
    const isAnyDirty = measured.some((result) => result.commitDirty);
    lines.push(
      `${when} at commit${revisions.length > 1 ? 's' : ''} ${revisions.map((revision) => `\`${revision}\``).join(', ')}` +
        (isAnyDirty ? ' (+: with uncommitted changes).' : '.'),
    );
    lines.push('', '## Machine', '', ...describe(latest.machine));
    const others = measured.filter((result) => !isSameMachine(result.machine, latest.machine));
    if (others.length) {
      lines.push(
        '',
        `Measured on another machine (see their JSON files): ` +
          `${others.map((result) => `\`${result.name}\``).join(', ')}.`,
      );
    }
    lines.push('');
  }
  const sections = new Map(
    benchmarks.flatMap((benchmark) =>
      benchmark.section ? [[benchmark.section.title, benchmark.section.lines] as const] : [],
    ),
  );
  for (const [title, sectionLines] of sections) lines.push(`## ${title}`, '', ...sectionLines, '');
  lines.push(...renderInvariants(benchmarks, results));
  return lines.join('\n');
}

/**
 * The invariants the fault benchmarks checked on their last run (`details.invariants`), each
 * with what was seen: the proof behind their "Met?".
 */
function renderInvariants(
  benchmarks: readonly Benchmark[],
  results: ReadonlyMap<string, BenchmarkResult>,
): string[] {
  const lines: string[] = [];
  for (const benchmark of benchmarks) {
    const result = results.get(benchmark.name);
    const invariants = result?.details?.invariants;
    if (!result || !Array.isArray(invariants)) continue;
    lines.push(
      `### \`${benchmark.name}\`: ${formatValue(result.median, result.unit)}, ` +
        `${result.invariantsHeld === false ? '**an invariant broke**' : 'every invariant held'} (${day(result.date)})`,
      '',
      ...invariants.map(
        (entry: { invariant: string; held: boolean; observed: string }) =>
          `- ${entry.held ? 'held' : '**BROKEN**'}: ${entry.invariant} — ${entry.observed}`,
      ),
      '',
    );
  }
  return lines;
}

export function writeReport(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

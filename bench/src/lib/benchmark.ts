export type Unit = 'ms' | 'bytes';

/** What a benchmark hands back: one sample per run, plus anything worth keeping in its JSON. */
export type BenchmarkOutcome = {
  samples: number[];
  details?: Record<string, unknown>;
  /**
   * A fault benchmark's verdict on what it checked (nothing half-written, the work resumed), a
   * load benchmark's (no request failed): false misses the target whatever the samples say.
   */
  invariantsHeld?: boolean;
};

export type BenchmarkContext = {
  /** A DATA_DIR path that does not exist yet, in a folder the 'postgres' user can traverse. */
  newDataDir(label: string): string;
  /**
   * Runs `create` once per invocation and shares its promise, so benchmarks can reuse expensive
   * preparation (the 100,000-member database) whichever of them runs first.
   */
  shared<T>(key: string, create: () => Promise<T>): Promise<T>;
  log(message: string): void;
};

export type Benchmark = {
  name: string;
  /** One sentence for docs/benchmarks.md: what is timed or weighed. */
  measures: string;
  /**
   * A section of docs/benchmarks.md after the results, for what one sentence cannot say (the
   * load benchmarks' request mix); benchmarks sharing a title share the section.
   */
  section?: { title: string; lines: string[] };
  unit: Unit;
  /** Budget from the issue, in `unit`; met when p95 is within it. */
  target: number;
  dataSize: string;
  runs: number;
  run(context: BenchmarkContext): Promise<BenchmarkOutcome>;
};

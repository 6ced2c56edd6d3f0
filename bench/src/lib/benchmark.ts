export type Unit = 'ms' | 'bytes';

/** What a benchmark hands back: one sample per run, plus anything worth keeping in its JSON. */
export type BenchmarkOutcome = {
  samples: number[];
  details?: Record<string, unknown>;
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
  unit: Unit;
  /** Budget from the issue, in `unit`; met when p95 is within it. */
  target: number;
  dataSize: string;
  runs: number;
  run(context: BenchmarkContext): Promise<BenchmarkOutcome>;
};

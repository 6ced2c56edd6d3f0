export { observeHttpRequests } from './http';
export { observeJobFailures } from './job-queue';
export { startMetricsListener, type MetricsListener } from './listener';
export { instrumentPool } from './pools';
export { createMetrics, isMetricsEndpointOn, type Metrics } from './registry';
export { timeSearch } from './search';

import { Gauge, type Registry } from 'prom-client';

export type StreamMetrics = { open: Gauge };

export function streamMetrics(registry: Registry): StreamMetrics {
  return {
    open: new Gauge({
      name: 'operations_event_streams_open',
      help: 'Live event streams (Server-Sent Events of the realtime area) open on this instance.',
      registers: [registry],
    }),
  };
}

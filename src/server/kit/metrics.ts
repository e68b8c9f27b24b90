import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type LabelValues,
  Registry,
} from 'prom-client';
import { ResultCode } from '../../shared/envelope';
import { AppError } from '../errors';

/**
 * The process's metrics: one registry per process, as Prometheus scrapes processes. Several apps
 * built in one process (tests) add to the same series.
 */
export const metricsRegistry = new Registry();

// CPU, memory, handles, GC and event-loop lag (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer HTTP requests, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const signInFailures = new Counter({
  name: 'auth_sign_in_failures_total',
  help: 'Refused sign-ins, by reason (bad_credentials, disabled, throttled, other)',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

/** The sign-in route's `onError` hook: counts a refused sign-in by its reason. */
export async function countSignInFailure(_request: unknown, _reply: unknown, err: unknown) {
  const code = err instanceof AppError ? err.code : undefined;
  // A malformed request is not a sign-in attempt.
  if (code === undefined || code === ResultCode.VALIDATION) return;
  const reason =
    code === ResultCode.BAD_CREDENTIALS
      ? 'bad_credentials'
      : code === ResultCode.FORBIDDEN
        ? 'disabled'
        : code === ResultCode.TOO_MANY_REQUESTS
          ? 'throttled'
          : 'other';
  signInFailures.inc({ reason });
}

export interface GaugeReading<L extends string> {
  labels?: LabelValues<L>;
  value: number;
}

type GaugeSource = () => GaugeReading<string>[] | Promise<GaugeReading<string>[]>;
const gaugeSources = new Map<string, { gauge: Gauge<string>; sources: Set<GaugeSource> }>();

/**
 * Lets a module expose a value read at scrape time (pool use, job-queue depth, …). Sources of the
 * same gauge name add up their readings (labels kept apart); answers a function that removes the
 * source again (call it when the app closes).
 */
export function registerGauge<L extends string>(options: {
  name: string;
  help: string;
  labelNames?: readonly L[];
  read: () => GaugeReading<L>[] | Promise<GaugeReading<L>[]>;
}): () => void {
  let entry = gaugeSources.get(options.name);
  if (!entry) {
    const sources = new Set<GaugeSource>();
    const gauge = new Gauge<string>({
      name: options.name,
      help: options.help,
      labelNames: [...(options.labelNames ?? [])],
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        for (const source of sources) {
          for (const reading of await source()) {
            if (reading.labels) this.inc(reading.labels, reading.value);
            else this.inc(reading.value);
          }
        }
      },
    });
    entry = { gauge, sources };
    gaugeSources.set(options.name, entry);
  }
  const source = options.read as GaugeSource;
  entry.sources.add(source);
  return () => void entry.sources.delete(source);
}

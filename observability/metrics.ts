import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics, scraped at /metrics (prom-client). Every series the service exports is declared here, so
 * the names an operator's dashboards and alerts use can be read in one place.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const eventsAppended = new Counter({
  name: 'events_appended_total',
  help: 'Domain events appended to the event log by this process.',
  registers: [registry],
});

export const projectorLagEvents = new Gauge({
  name: 'projector_lag_events',
  help: 'Events in the log that the page projector has not rendered yet.',
  registers: [registry],
});

export const projectorLagSeconds = new Gauge({
  name: 'projector_lag_seconds',
  help: 'Age of the oldest event the page projector has not rendered yet (0 when caught up).',
  registers: [registry],
});

export const mailsSent = new Counter({
  name: 'mails_sent_total',
  help: 'Mails handed to the mail transport (SMTP server or outbox folder).',
  registers: [registry],
});

export const mailsFailed = new Counter({
  name: 'mails_failed_total',
  help: 'Mail send attempts that failed, by outcome: retry (will be tried again) or gave_up (dropped after a day).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const paymentWebhooksHandled = new Counter({
  name: 'payment_webhooks_handled_total',
  help: 'Payment provider events handled, by outcome (handled, duplicate, ignored, rejected).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const uploadsRefused = new Counter({
  name: 'uploads_refused_total',
  help: 'Uploads refused, by reason (too_large, not_an_image, too_many, ...).',
  labelNames: ['reason'] as const,
  registers: [registry],
});

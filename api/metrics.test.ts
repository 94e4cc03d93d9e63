import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastGlobalPosition } from '../events/store';
import { measureProjectorLagWith } from '../observability/metrics';
import { type MetricsServer, startMetricsServer } from '../observability/metrics-server';
import { catchUp, projectorLag } from '../renderer/projector';
import { createTestApp } from '../tests/support/api/app';
import { subscribeAtHostedCheckout } from '../tests/support/api/payments/flows';
import { sampleValue, scrape } from '../tests/support/observability/metrics';
import { eventAround, signedBody } from '../tests/support/stripe-simulator/against-simulator';
import { CARD_UPLOAD_LIMIT } from './cards/business-card';
import { localWebhookSecret } from './payments/create';
import { countAppendedEvents } from './process/count-events';

let t: Awaited<ReturnType<typeof createTestApp>>;
let metrics: MetricsServer;
let stopCountingEvents: () => void;

beforeEach(async () => {
  t = await createTestApp();
  // As the server does: the lag gauges read this app's database at each scrape, and appends are counted.
  measureProjectorLagWith(() => projectorLag(t.db, t.deps.now()));
  stopCountingEvents = countAppendedEvents();
  metrics = (await startMetricsServer({ host: '127.0.0.1', port: 0 })) as MetricsServer;
});
afterEach(async () => {
  measureProjectorLagWith(null);
  stopCountingEvents();
  await metrics.close();
  await t.close();
});

const scrapeNow = () => scrape(metrics.port);

describe('/metrics on the metrics listener', () => {
  it('exports every named series', async () => {
    const text = await scrapeNow();
    for (const [name, type] of [
      ['http_request_duration_seconds', 'histogram'],
      ['events_appended_total', 'counter'],
      ['projector_lag_events', 'gauge'],
      ['projector_lag_seconds', 'gauge'],
      ['mails_sent_total', 'counter'],
      ['mails_failed_total', 'counter'],
      ['payment_webhooks_handled_total', 'counter'],
      ['uploads_refused_total', 'counter'],
      ['visit_hits_written_total', 'counter'],
      ['visit_flush_failures_total', 'counter'],
      ['visit_hits_dropped_total', 'counter'],
      ['enquiries_received_total', 'counter'],
      ['enquiries_refused_total', 'counter'],
      // The process's own: memory, CPU, event loop lag.
      ['process_resident_memory_bytes', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
    ])
      expect(text).toContain(`# TYPE ${name} ${type}`);
  });

  it('counts each request under its method, route pattern and status', async () => {
    const labels = { method: 'POST', route: '/api/register', status: '201' };
    const before = sampleValue(await scrapeNow(), 'http_request_duration_seconds_count', labels);
    await t.call('POST', '/api/register', {
      name: 'Sam Spark',
      email: 'sam@example.com',
      username: 'sam',
      password: 'Plumber2026',
    });
    const after = await scrapeNow();
    expect(sampleValue(after, 'http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(sampleValue(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      before + 1,
    );
  });

  it('counts the events appended', async () => {
    const before = sampleValue(await scrapeNow(), 'events_appended_total');
    const positionBefore = await lastGlobalPosition(t.db);
    await t.signUp('dana');
    const appended = (await lastGlobalPosition(t.db)) - positionBefore;
    expect(appended).toBeGreaterThan(0);
    expect(sampleValue(await scrapeNow(), 'events_appended_total')).toBe(before + appended);
  });

  it('reads how far the page projector is behind from the database at each scrape', async () => {
    expect(sampleValue(await scrapeNow(), 'projector_lag_events')).toBe(0);
    await t.signUp('dana');
    t.advance(90_000);
    const behind = await scrapeNow();
    expect(sampleValue(behind, 'projector_lag_events')).toBe(await lastGlobalPosition(t.db));
    expect(sampleValue(behind, 'projector_lag_seconds')).toBe(90);

    await catchUp(t.db, { ...t.renderTarget });
    const caughtUp = await scrapeNow();
    expect(sampleValue(caughtUp, 'projector_lag_events')).toBe(0);
    expect(sampleValue(caughtUp, 'projector_lag_seconds')).toBe(0);
  });
});

describe('uploads_refused_total', () => {
  const refused = async (reason: string) =>
    sampleValue(await scrapeNow(), 'uploads_refused_total', { reason });

  async function publish(
    token: string,
    entries: [string, string | File][],
    headers: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [key, value] of [['full_name', 'Dana Pipe'], ...entries] as [string, string | File][])
      form.append(key, value);
    const response = await t.app.request('/api/business-card/create_business_card', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...headers },
      body: form,
    });
    return response.status;
  }

  it('counts refusals by reason: not a photo, too many photos, a body over the limit', async () => {
    const token = await t.signUp('dana');
    const before = {
      notAnImage: await refused('not_an_image'),
      tooMany: await refused('too_many'),
      tooLarge: await refused('too_large'),
    };
    const notAPhoto = new File([new TextEncoder().encode('not a photo')], 'holiday.jpg', {
      type: 'image/jpeg',
    });
    expect(await publish(token, [['works', notAPhoto]])).toBe(400);
    const eleven = Array.from({ length: 11 }, (_, i): [string, string] => ['existing_works', `/media/${i}`]);
    expect(await publish(token, eleven)).toBe(400);
    expect(await publish(token, [], { 'content-length': String(CARD_UPLOAD_LIMIT + 1) })).toBe(413);

    expect(await refused('not_an_image')).toBe(before.notAnImage + 1);
    expect(await refused('too_many')).toBe(before.tooMany + 1);
    expect(await refused('too_large')).toBe(before.tooLarge + 1);
  });
});

describe('payment_webhooks_handled_total', () => {
  const handled = async (outcome: string) =>
    sampleValue(await scrapeNow(), 'payment_webhooks_handled_total', { outcome });

  it('counts recorded, duplicate, ignored and rejected deliveries of the simulator’s signed webhooks', async () => {
    const before = {
      recorded: await handled('recorded'),
      duplicate: await handled('duplicate'),
      ignored: await handled('ignored'),
      rejected: await handled('rejected'),
    };
    const token = await t.signUp('dana');
    await subscribeAtHostedCheckout(t, token);
    const simulator = t.deps.stripeSimulator;
    if (!simulator) throw new Error('The test app runs without the simulator.');
    const events = await simulator.events();
    const [first] = events;
    if (!first) throw new Error('The simulator sent no events');
    await simulator.resendEvent(first.id);

    const post = async (body: string, secret: string) =>
      (
        await t.app.request('/api/webhooks/stripe', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signedBody(body, { secret }).signature,
          },
          body,
        })
      ).status;
    // A kind of event we don't act on: acknowledged, so Stripe stops sending it.
    const other = JSON.stringify(eventAround('invoice.finalized', first.object));
    expect(await post(other, localWebhookSecret(t.deps.secret))).toBe(200);
    expect(await post(other, 'whsec_someone_else')).toBe(400);

    expect(await handled('recorded')).toBe(before.recorded + events.length);
    expect(await handled('duplicate')).toBe(before.duplicate + 1);
    expect(await handled('ignored')).toBe(before.ignored + 1);
    expect(await handled('rejected')).toBe(before.rejected + 1);
  });
});

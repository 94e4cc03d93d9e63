import { expect, it } from 'vitest';
import { registry } from './metrics';

it('has every failure and refusal counter at 0 from the start, so an alert sees the first one', async () => {
  const text = await registry.metrics();
  for (const series of [
    'mails_failed_total{outcome="gave_up"}',
    'mails_failed_total{outcome="retry"}',
    'payment_webhooks_handled_total{outcome="failed"}',
    'uploads_refused_total{reason="too_slow"}',
    'enquiries_refused_total{reason="page_limit"}',
    'enquiries_refused_total{reason="reused"}',
    'mails_sent_total',
    'enquiries_received_total{delivery="keep"}',
    'visit_hits_capped_total',
  ])
    expect(text).toMatch(new RegExp(`^${series.replace(/[{}"=]/g, '\\$&')} 0$`, 'm'));
});

import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  BATCH_START,
  createVisitLog,
  type LoggedVisit,
  MAX_AGENT_CHARS,
  MAX_FIELD_CHARS,
  readVisits,
  requeue,
  SEGMENT_BYTES,
  type VisitBatch,
  visitChunks,
} from './visit-log';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1';

const visit = (overrides: Partial<LoggedVisit> = {}): LoggedVisit => ({
  day: '2026-11-29',
  page: 'dave',
  source: 'link',
  action: 'view',
  cardCode: '',
  address: '203.0.113.9',
  userAgent: PHONE,
  ...overrides,
});

const all = (batch: VisitBatch) => [...readVisits(batch)].map(({ visit }) => visit);

/** A batch of the given visits, one hit each. */
function batchOf(visits: LoggedVisit[]): VisitBatch {
  const log = createVisitLog({ maxVisits: visits.length });
  for (const v of visits) expect(log.append(v, 1)).toBe(true);
  return log.take();
}

describe('the visit log', () => {
  it('gives back every field of every visit as it was counted, in order, whatever its characters', () => {
    const visits = [
      visit(),
      visit({ source: 'nfc', action: 'call', cardCode: 'K7QX2M', address: '2001:db8::1' }),
      visit({ source: 'qr', action: 'save', userAgent: 'Tëst browsér ✓ 1.0', address: '10.0.0.1' }),
      visit({ userAgent: '' }),
    ];
    const log = createVisitLog({ maxVisits: 10 });
    for (const [i, v] of visits.entries()) expect(log.append(v, i + 1)).toBe(true);
    expect(log.size).toBe(4);
    const batch = log.take();
    expect(batch.visits).toBe(4);
    expect(all(batch)).toEqual(visits.map((v, i) => ({ ...v, hits: i + 1 })));
    expect(log.size).toBe(0);
    expect(log.take().visits).toBe(0);
  });

  it('names each user agent once a buffer, and reads it back right across buffers', () => {
    // Enough phones to fill several buffers, two agents taking turns.
    const count = Math.ceil((3 * SEGMENT_BYTES) / 40);
    const visits = Array.from({ length: count }, (_, i) =>
      visit({ address: `10.0.${i >> 8}.${i & 255}`, userAgent: i % 2 ? PHONE : 'Android phone' }),
    );
    const batch = batchOf(visits);
    expect(batch.segments.length).toBeGreaterThan(2);
    // The agent's ~90 characters are written once a buffer, not once a visit.
    const bytes = batch.segments.reduce((sum, segment) => sum + segment.byteLength, 0);
    expect(bytes / count).toBeLessThan(45);
    expect(all(batch)).toEqual(visits.map((v) => ({ ...v, hits: 1 })));
  });

  it('keeps a user agent’s first characters only, and refuses a visit with a field no visit has', () => {
    const log = createVisitLog({ maxVisits: 10 });
    expect(log.append(visit({ userAgent: 'x'.repeat(MAX_AGENT_CHARS + 500) }), 1)).toBe(true);
    expect(log.append(visit({ address: '1'.repeat(MAX_FIELD_CHARS + 1) }), 1)).toBe(false);
    expect(log.append(visit({ action: 'dance' as LoggedVisit['action'] }), 1)).toBe(false);
    const [kept] = all(log.take());
    expect(kept?.userAgent).toBe('x'.repeat(MAX_AGENT_CHARS));
  });

  it('holds at most maxVisits, then refuses until a flush takes them', () => {
    const log = createVisitLog({ maxVisits: 3 });
    for (let i = 0; i < 3; i++) expect(log.append(visit(), 1)).toBe(true);
    expect(log.append(visit(), 1)).toBe(false);
    expect(log.take().visits).toBe(3);
    expect(log.append(visit(), 1)).toBe(true);
  });

  it('writes a released batch’s buffers again rather than new ones', () => {
    const log = createVisitLog({ maxVisits: 10 });
    log.append(visit(), 1);
    const first = log.take();
    const buffer = first.segments[0]?.buffer;
    log.release(first);
    log.append(visit({ page: 'sue' }), 1);
    const second = log.take();
    expect(second.segments[0]?.buffer).toBe(buffer);
    expect(all(second).map((v) => v.page)).toEqual(['sue']);
  });

  it('is posted to the writing thread without a copy: the thread reads the log’s own buffers', () => {
    const log = createVisitLog({ maxVisits: 10 });
    log.append(visit({ page: 'dave' }), 1);
    const batch = log.take();
    const { port1, port2 } = new MessageChannel();
    try {
      port1.postMessage(batch);
      const posted = receiveMessageOnPort(port2)?.message as VisitBatch;
      // A byte changed here after posting is the byte the other side reads: one memory, not two.
      const ours = batch.segments[0] as Uint8Array;
      const at = Buffer.from(ours).indexOf('dave');
      ours[at] = 'f'.charCodeAt(0);
      expect(all(posted).map((v) => v.page)).toEqual(['fave']);
    } finally {
      port1.close();
      port2.close();
    }
  });
});

describe('a batch in chunks', () => {
  it('merges a visit repeated into one with its hits, views before clicks, at most `size` each', () => {
    const batch = batchOf([
      visit({ action: 'call', address: 'a' }),
      visit({ address: 'a' }),
      visit({ address: 'b' }),
      visit({ address: 'a' }),
      visit({ address: 'c' }),
      visit({ action: 'call', address: 'a' }),
    ]);
    const chunks = [...visitChunks(batch, 2)];
    // The agent is named by the click the views' pass steps over, and known to the views after it.
    expect(chunks[0]?.visits.map((v) => v.userAgent)).toEqual([PHONE, PHONE]);
    expect(chunks.map((chunk) => chunk.visits.map((v) => `${v.action} ${v.address} ${v.hits}`))).toEqual([
      ['view a 2', 'view b 1'],
      ['view c 1'],
      ['call a 2'],
    ]);
    expect(chunks.map((chunk) => [chunk.from, chunk.next])).toEqual([
      // The first view is the batch's second visit.
      [
        { pass: 0, visit: 1 },
        { pass: 0, visit: 4 },
      ],
      [
        { pass: 0, visit: 4 },
        { pass: 1, visit: 0 },
      ],
      [
        { pass: 1, visit: 0 },
        { pass: 2, visit: 0 },
      ],
    ]);
  });

  it('gives back exactly what a flush stopped at a chunk had not written, hits and all', () => {
    const visits = [
      visit({ action: 'call', address: 'a' }),
      visit({ address: 'a' }),
      visit({ address: 'b' }),
      visit({ address: 'c' }),
      visit({ action: 'whatsapp', address: 'b' }),
    ];
    const batch = batchOf(visits);
    const left = (from: Parameters<typeof requeue>[1]) => {
      const log = createVisitLog({ maxVisits: 10 });
      expect(requeue(batch, from, log)).toBe(0);
      return all(log.take()).map((v) => `${v.action} ${v.address}`);
    };
    // Stopped at the second chunk of views: that chunk's views, then every click.
    expect(left({ pass: 0, visit: 3 })).toEqual(['call a', 'view c', 'whatsapp b']);
    // Stopped at the clicks: the clicks from there only.
    expect(left({ pass: 1, visit: 4 })).toEqual(['whatsapp b']);
    expect(left({ pass: 2, visit: 0 })).toEqual([]);
    // A log with no room says how many it couldn't keep.
    const full = createVisitLog({ maxVisits: 1 });
    expect(requeue(batch, BATCH_START, full)).toBe(visits.length - 1);
  });
});

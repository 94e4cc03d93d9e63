import { VISIT_ACTIONS, VISIT_SOURCES, type VisitAction, type VisitSource } from '../../events/visit/kinds';
import type { PendingVisit } from './write-chunk';

// The visits counted since the last flush, as bytes in a few reused buffers rather than strings and map entries
// (issue 29). Under traffic spread over every page nearly every visit is new, and each one held in the heap for the
// second until its flush outlived the young generation: the main thread's old space swung between 56 and 97 MB, and
// the server read ~130 MB more than with counting off (ADR 029). A buffer here is written, sent, and written again.

/** One buffer of the log: ~600 visits from a phone (the first of each user agent in a buffer carries its name). */
export const SEGMENT_BYTES = 64 * 1024;
/** Buffers kept for reuse once a flush is done with them: a second of ~10,000 new visitors. */
const FREE_SEGMENTS = 16;
/** Usernames, days, card codes and addresses are far shorter; a visit with a longer one is not counted. */
export const MAX_FIELD_CHARS = 255;
/** An agent is told apart by its first this many characters (only its group is derived from it, visitor.ts). */
export const MAX_AGENT_CHARS = 2048;
/** Bytes a visit takes at most: fixed fields, four fields of ≤ 255 characters and an agent, each ≤ 3 bytes a char. */
const MAX_VISIT_BYTES = 8 + 4 * (2 + 3 * MAX_FIELD_CHARS) + 2 + 2 + 3 * MAX_AGENT_CHARS;
/**
 * A buffer over shared memory: a batch posted to the writing thread (write-thread.ts) is read there in place, not
 * copied. The log keeps each batch's buffers until its flush is done, to requeue what a failed or stopped one did
 * not write, so a copy held both at once; at a writer's full backlog, 100,000 visits, that was ~12 MB more.
 */
const sharedSegment = () => Buffer.from(new SharedArrayBuffer(Math.max(SEGMENT_BYTES, MAX_VISIT_BYTES)));
/** The agent's number that says its name follows (the first time a buffer holds it). */
const NEW_AGENT = 0xffff;

const ACTION_CODES = new Map<string, number>(VISIT_ACTIONS.map((action, code) => [action, code]));
const SOURCE_CODES = new Map<string, number>(VISIT_SOURCES.map((source, code) => [source, code]));
const VIEW_CODE = ACTION_CODES.get('view') as number;

/** A flush's visits: the buffers as written (each cut to its length) and how many visits they hold. */
export type VisitBatch = { segments: Uint8Array[]; visits: number };

/**
 * Where in a batch a flush stopped: its views are written first (`pass` 0), then its clicks (1), each in the order
 * they came (`visit`: the index among all of the batch's visits); pass 2 is past the end.
 */
export type BatchPosition = { pass: 0 | 1 | 2; visit: number };
export const BATCH_START: BatchPosition = { pass: 0, visit: 0 };
const BATCH_END: BatchPosition = { pass: 2, visit: 0 };

export type LoggedVisit = Omit<PendingVisit, 'hits'>;

/**
 * The visits counted since the last flush. `append` copies a visit's fields into the current buffer, and a buffer
 * full starts the next: nothing of a visit stays in the heap. `take` hands the buffers to a flush, `release` gives
 * them back for reuse once it is done with them.
 */
export function createVisitLog({ maxVisits }: { maxVisits: number }) {
  const free: Buffer[] = [];
  let full: Buffer[] = [];
  let sealed: Uint8Array[] = [];
  let current: Buffer | null = null;
  let used = 0;
  let agents = new Map<string, number>();
  let visits = 0;

  const seal = () => {
    if (current && used > 0) {
      full.push(current);
      sealed.push(current.subarray(0, used));
    } else if (current) free.push(current);
    current = null;
    used = 0;
    agents = new Map();
  };

  /** Writes `text` with its length in bytes before it; the caller has made room for three bytes a character. */
  const putText = (buffer: Buffer, at: number, text: string): number => {
    const length = text.length;
    let i = 0;
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0x7f) break;
      buffer[at + 2 + i] = code;
    }
    const bytes = i === length ? length : buffer.write(text, at + 2, 'utf8');
    buffer[at] = bytes & 0xff;
    buffer[at + 1] = bytes >>> 8;
    return at + 2 + bytes;
  };

  return {
    /** False when the visit isn't kept: the log holds `maxVisits` already, or a field is not one a visit has. */
    append(visit: LoggedVisit, hits: number): boolean {
      if (visits >= maxVisits) return false;
      const action = ACTION_CODES.get(visit.action);
      const source = SOURCE_CODES.get(visit.source);
      if (action === undefined || source === undefined) return false;
      if (
        visit.day.length > MAX_FIELD_CHARS ||
        visit.page.length > MAX_FIELD_CHARS ||
        visit.cardCode.length > MAX_FIELD_CHARS ||
        visit.address.length > MAX_FIELD_CHARS
      )
        return false;
      if (!current || used + MAX_VISIT_BYTES > current.length) {
        seal();
        current = free.pop() ?? sharedSegment();
      }
      const buffer = current;
      let at = used;
      buffer[at] = action;
      buffer[at + 1] = source;
      buffer.writeUInt32LE(hits >>> 0, at + 2);
      at = putText(buffer, at + 6, visit.day);
      at = putText(buffer, at, visit.page);
      at = putText(buffer, at, visit.cardCode);
      at = putText(buffer, at, visit.address);
      const agent = agents.get(visit.userAgent);
      if (agent !== undefined) {
        buffer.writeUInt16LE(agent, at);
        at += 2;
      } else {
        if (agents.size < NEW_AGENT) agents.set(visit.userAgent, agents.size);
        buffer.writeUInt16LE(NEW_AGENT, at);
        at = putText(buffer, at + 2, visit.userAgent.slice(0, MAX_AGENT_CHARS));
      }
      used = at;
      visits += 1;
      return true;
    },
    /** Visits held now. */
    get size() {
      return visits;
    },
    /** Everything held, for a flush; the log starts afresh. */
    take(): VisitBatch {
      seal();
      const batch = { segments: sealed, visits };
      batchBuffers.set(batch, full);
      sealed = [];
      full = [];
      visits = 0;
      return batch;
    },
    /** A flush is done with `batch`: its buffers are written again. */
    release(batch: VisitBatch) {
      for (const buffer of batchBuffers.get(batch) ?? []) if (free.length < FREE_SEGMENTS) free.push(buffer);
      batchBuffers.delete(batch);
    },
  };
}

export type VisitLog = ReturnType<typeof createVisitLog>;

/** The buffers behind a batch's segments, for `release` (a batch sent to a thread arrives without them). */
const batchBuffers = new WeakMap<VisitBatch, Buffer[]>();

/** A visit read back from a batch: its index among the batch's visits, and whether it is a view. */
type ReadVisit = { visit: PendingVisit; index: number; isView: boolean };

/**
 * The visits of `batch` that `wanted` takes, in the order they came. The others are stepped over by their lengths,
 * no string made of them: a flush reads its batch once for the views and once for the clicks.
 */
export function* readVisits(
  batch: VisitBatch,
  wanted: (isView: boolean, index: number) => boolean = () => true,
): Generator<ReadVisit> {
  let index = 0;
  for (const segment of batch.segments) {
    const bytes = Buffer.from(segment.buffer, segment.byteOffset, segment.byteLength);
    const agents: string[] = [];
    let at = 0;
    const length = () => (bytes[at] as number) | ((bytes[at + 1] as number) << 8);
    const text = () => {
      const start = at + 2;
      at = start + length();
      return bytes.toString('utf8', start, at);
    };
    const skipText = () => {
      at += 2 + length();
    };
    while (at < bytes.length) {
      const actionCode = bytes[at] as number;
      const isView = actionCode === VIEW_CODE;
      if (!wanted(isView, index)) {
        at += 6;
        for (let field = 0; field < 4; field++) skipText();
        const agent = bytes.readUInt16LE(at);
        at += 2;
        // A name said here once is needed by the visits after it.
        if (agent === NEW_AGENT) agents.push(text());
        index += 1;
        continue;
      }
      const action = VISIT_ACTIONS[actionCode] as VisitAction;
      const source = VISIT_SOURCES[bytes[at + 1] as number] as VisitSource;
      const hits = bytes.readUInt32LE(at + 2);
      at += 6;
      const day = text();
      const page = text();
      const cardCode = text();
      const address = text();
      const agent = bytes.readUInt16LE(at);
      at += 2;
      let userAgent: string;
      if (agent === NEW_AGENT) {
        userAgent = text();
        agents.push(userAgent);
      } else userAgent = agents[agent] as string;
      const visit = { day, page, source, action, cardCode, address, userAgent, hits };
      yield { visit, index, isView };
      index += 1;
    }
  }
}

/** What makes two visits the same visit: every field but the hits. */
const visitKey = (visit: PendingVisit) =>
  `${visit.action}\n${visit.day}\n${visit.page}\n${visit.source}\n${visit.cardCode}\n${visit.address}\n${visit.userAgent}`;

export type VisitChunk = { visits: PendingVisit[]; from: BatchPosition; next: BatchPosition };

/**
 * A batch in chunks of at most `size` distinct visits (the same visit repeated is one, its hits added), every view
 * before every click: a click counts only from an address whose view is counted (api/visits/allowance.ts), so the
 * view must be written by the time the click is, whichever chunks they fall in. Each chunk says where it starts and
 * where the next one does, so a flush stopped at a chunk gives back exactly what it didn't write (`requeue`). Read
 * as they are written: a flush holds one chunk's visits at a time.
 */
export function* visitChunks(
  batch: VisitBatch,
  size: number,
  from: BatchPosition = BATCH_START,
): Generator<VisitChunk> {
  for (const pass of [0, 1] as const) {
    if (pass < from.pass) continue;
    const first = pass === from.pass ? from.visit : 0;
    let merged = new Map<string, PendingVisit>();
    let start = -1;
    const inPass = (isView: boolean, index: number) => index >= first && isView === (pass === 0);
    for (const { visit, index } of readVisits(batch, inPass)) {
      const key = visitKey(visit);
      const same = merged.get(key);
      if (same) {
        same.hits += visit.hits;
        continue;
      }
      if (merged.size >= size) {
        yield { visits: [...merged.values()], from: { pass, visit: start }, next: { pass, visit: index } };
        merged = new Map();
        start = -1;
      }
      if (start < 0) start = index;
      merged.set(key, visit);
    }
    if (merged.size > 0)
      yield {
        visits: [...merged.values()],
        from: { pass, visit: start },
        next: pass === 0 ? { pass: 1, visit: 0 } : BATCH_END,
      };
  }
}

/**
 * Appends to `log` what a flush of `batch` did not write, from `from` on: the views from there and every click, or
 * the clicks from there. Returns how many visits there was no room for.
 */
export function requeue(batch: VisitBatch, from: BatchPosition, log: VisitLog): number {
  const left = (isView: boolean, index: number) =>
    from.pass === 0 ? !isView || index >= from.visit : from.pass === 1 && !isView && index >= from.visit;
  let dropped = 0;
  for (const { visit } of readVisits(batch, left)) if (!log.append(visit, visit.hits)) dropped += 1;
  return dropped;
}

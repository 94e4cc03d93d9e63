import dgram from 'node:dgram';
import { isIPv4, isIPv6 } from 'node:net';

/** One name's records: names are lowercase, without the trailing dot. */
export type ZoneEntry = { A?: string[]; AAAA?: string[]; TXT?: string[]; CNAME?: string };

export type TestDnsServer = {
  /** '127.0.0.1:PORT', for DNS_RESOLVER or Resolver.setServers. */
  address: string;
  set(name: string, entry: ZoneEntry | undefined): void;
  /** Stops answering (or starts again): the client's queries time out. */
  silent(on: boolean): void;
  /** Answers every query with SERVFAIL (or stops): a resolver that is up but can't tell. */
  refuse(on: boolean): void;
  close(): Promise<void>;
};

const TYPE = { A: 1, CNAME: 5, TXT: 16, AAAA: 28 } as const;
const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4 } as const;
const CLASS_IN = 1;
const HEADER_BYTES = 12;
/**
 * UDP only: a client retries over TCP when an answer comes back truncated, so answers are kept within DNS's classic
 * 512 bytes, which a test's few records never reach. A zone that outgrows it fails the test loudly (see reply) rather
 * than growing a TCP server nothing else needs.
 */
const UDP_ANSWER_LIMIT = 512;
/** Answers carry TTL 0, so c-ares's cache never hands a test the zone as it was before set(). */
const TTL_SECONDS = 0;

/**
 * A tiny authoritative DNS server (RFC 1035 wire format, written by hand) on 127.0.0.1 and a free port, for the
 * domain checker's tests: it answers A, AAAA, TXT and CNAME from the zone, NXDOMAIN for names it doesn't have and
 * NODATA for types a name lacks. A name with a CNAME answers other types as DNS does: the CNAME, then the target's
 * records when the target is in the zone.
 */
export async function startTestDnsServer(
  zone: Record<string, ZoneEntry> = {},
  /** A port a server already started was told to ask (the journeys'); an ephemeral one otherwise. */
  port = 0,
): Promise<TestDnsServer> {
  const names = new Map(Object.entries(zone));
  let silent = false;
  let refusing = false;
  let closed = false;
  const socket = dgram.createSocket('udp4');
  socket.on('message', (packet, peer) => {
    if (silent) return;
    const response = reply(packet, names, refusing);
    if (response) socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    address: `127.0.0.1:${socket.address().port}`,
    set: (name, entry) => {
      if (entry) names.set(name, entry);
      else names.delete(name);
    },
    silent: (on) => {
      silent = on;
    },
    refuse: (on) => {
      refusing = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (closed) return resolve();
        closed = true;
        socket.close(() => resolve());
      }),
  };
}

/** A query we can't read: answered FORMERR when its id is readable, else dropped. */
class Malformed extends Error {}

type Question = { labels: string[]; type: number; class: number };
type Answer = { name: string; type: number; data: Buffer };

function reply(packet: Buffer, zone: Map<string, ZoneEntry>, refusing: boolean): Buffer | undefined {
  if (packet.length < HEADER_BYTES) return undefined;
  const id = packet.readUInt16BE(0);
  const flags = packet.readUInt16BE(2);
  if (flags & 0x8000) return undefined; // a response, not a query
  if ((flags >> 11) & 0x0f) return message(id, flags, RCODE.NOTIMP);
  if (packet.readUInt16BE(4) !== 1) return message(id, flags, RCODE.FORMERR);
  let question: Question;
  try {
    question = readQuestion(packet);
  } catch (error) {
    if (error instanceof Malformed) return message(id, flags, RCODE.FORMERR);
    throw error;
  }
  if (refusing) return message(id, flags, RCODE.SERVFAIL, question);
  const name = question.labels.join('.').toLowerCase();
  if (!zone.has(name)) return message(id, flags, RCODE.NXDOMAIN, question);
  const response = message(id, flags, RCODE.NOERROR, question, answersFor(zone, name, question.type));
  if (response.length > UDP_ANSWER_LIMIT)
    throw new Error(
      `The test DNS answer for ${name} is over ${UDP_ANSWER_LIMIT} bytes: keep test zones small.`,
    );
  return response;
}

function answersFor(zone: Map<string, ZoneEntry>, name: string, type: number): Answer[] {
  const answers: Answer[] = [];
  let owner = name;
  let entry = zone.get(name);
  const visited = new Set<string>();
  // A CNAME stands for the whole name (DNS allows nothing beside it), so it is followed for every type but its own.
  while (entry?.CNAME !== undefined && type !== TYPE.CNAME && !visited.has(owner)) {
    visited.add(owner);
    answers.push({ name: owner, type: TYPE.CNAME, data: encodeName(entry.CNAME) });
    owner = entry.CNAME.toLowerCase().replace(/\.$/, '');
    entry = zone.get(owner);
  }
  if (!entry) return answers;
  return [...answers, ...recordData(entry, type).map((data) => ({ name: owner, type, data }))];
}

function recordData(entry: ZoneEntry, type: number): Buffer[] {
  switch (type) {
    case TYPE.A:
      return (entry.A ?? []).map(ipv4Bytes);
    case TYPE.AAAA:
      return (entry.AAAA ?? []).map(ipv6Bytes);
    case TYPE.TXT:
      return (entry.TXT ?? []).map(characterStrings);
    case TYPE.CNAME:
      return entry.CNAME === undefined ? [] : [encodeName(entry.CNAME)];
    default:
      return [];
  }
}

function message(id: number, queryFlags: number, rcode: number, question?: Question, answers: Answer[] = []) {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt16BE(id, 0);
  const recursionDesired = queryFlags & 0x0100;
  const authoritative = 0x0400;
  header.writeUInt16BE(0x8000 | (queryFlags & 0x7800) | authoritative | recursionDesired | rcode, 2);
  header.writeUInt16BE(question ? 1 : 0, 4);
  header.writeUInt16BE(answers.length, 6);
  const parts: Buffer[] = [header];
  if (question) parts.push(encodeLabels(question.labels), uint16s(question.type, question.class));
  for (const answer of answers) {
    const ttl = Buffer.alloc(4);
    ttl.writeUInt32BE(TTL_SECONDS);
    parts.push(
      encodeName(answer.name),
      uint16s(answer.type, CLASS_IN),
      ttl,
      uint16s(answer.data.length),
      answer.data,
    );
  }
  return Buffer.concat(parts);
}

function readQuestion(packet: Buffer): Question {
  const { labels, next } = readName(packet, HEADER_BYTES);
  if (next + 4 > packet.length) throw new Malformed();
  return { labels, type: packet.readUInt16BE(next), class: packet.readUInt16BE(next + 2) };
}

/** Reads a name, following compression pointers (RFC 1035 §4.1.4) so a looping or dangling one can't hang us. */
function readName(packet: Buffer, start: number): { labels: string[]; next: number } {
  const labels: string[] = [];
  let offset = start;
  let next: number | undefined;
  let jumps = 0;
  let length = 0;
  for (;;) {
    const byte = packet[offset];
    if (byte === undefined) throw new Malformed();
    if (byte === 0) return { labels, next: next ?? offset + 1 };
    if ((byte & 0xc0) === 0xc0) {
      const low = packet[offset + 1];
      if (low === undefined || ++jumps > 16) throw new Malformed();
      next ??= offset + 2;
      offset = ((byte & 0x3f) << 8) | low;
      continue;
    }
    if (byte & 0xc0) throw new Malformed();
    const label = packet.subarray(offset + 1, offset + 1 + byte);
    length += byte + 1;
    if (label.length < byte || length > 255) throw new Malformed();
    // latin1 keeps every byte as one character, so the question is echoed back exactly as asked.
    labels.push(label.toString('latin1'));
    offset += byte + 1;
  }
}

const encodeName = (name: string) => encodeLabels(name.replace(/\.$/, '').split('.').filter(Boolean));

function encodeLabels(labels: string[]): Buffer {
  const parts = labels.map((label) => {
    const bytes = Buffer.from(label, 'latin1');
    if (bytes.length > 63) throw new Error(`The DNS label ${label} is over 63 bytes.`);
    return Buffer.concat([Buffer.from([bytes.length]), bytes]);
  });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function uint16s(...values: number[]): Buffer {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((value, index) => {
    bytes.writeUInt16BE(value, index * 2);
  });
  return bytes;
}

/** A TXT record's text, in the 255-byte character-strings the wire needs; clients join them back. */
function characterStrings(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length || start === 0; start += 255) {
    const chunk = bytes.subarray(start, start + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

function ipv4Bytes(address: string): Buffer {
  if (!isIPv4(address)) throw new Error(`${address} is not an IPv4 address.`);
  return Buffer.from(address.split('.').map(Number));
}

function ipv6Bytes(address: string): Buffer {
  if (!isIPv6(address)) throw new Error(`${address} is not an IPv6 address.`);
  // An IPv4 tail (::ffff:192.0.2.1) is the last two groups, written in dotted form.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(':'),
  );
  const groups = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const [head = '', tail] = text.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return uint16s(...all);
}

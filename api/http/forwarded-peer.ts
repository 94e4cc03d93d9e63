import type http from 'node:http';

/**
 * The header the page thread (ADR 044) adds to a request it hands to the main thread: the start's secret, a space,
 * and the address of the client whose connection it accepted. Only the main thread's forwarding socket reads it
 * (api/static/forward.ts); on the network it is a header like any other, and proves nothing.
 */
export const PEER_HEADER = 'x-tradecard-peer';

const peers = new WeakMap<http.IncomingMessage, string>();

/** The client a forwarded request came from, as the thread that accepted its connection saw it. */
export function rememberPeer(request: http.IncomingMessage, address: string): void {
  peers.set(request, address);
}

/** The address of the client at the other end of this request: its socket's, or its forwarder's word for it. */
export function peerAddress(request: http.IncomingMessage): string | undefined {
  return peers.get(request) ?? request.socket?.remoteAddress;
}

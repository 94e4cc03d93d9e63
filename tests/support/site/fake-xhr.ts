import { vi } from 'vitest';

type Listener = (event: { lengthComputable?: boolean; loaded?: number; total?: number }) => void;

class Listeners {
  private readonly byType = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.byType.set(type, [...(this.byType.get(type) ?? []), listener]);
  }
  dispatch(type: string, event: Parameters<Listener>[0] = {}) {
    for (const listener of this.byType.get(type) ?? []) listener(event);
  }
}

/**
 * A stand-in for the browser's XMLHttpRequest, as far as the editor's publish uses it: the test sees what was
 * sent, then plays the upload's progress and the server's answer (or no answer at all).
 */
export class FakeXhr extends Listeners {
  static last: FakeXhr | null = null;
  readonly upload = new Listeners();
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  responseText = '';
  readonly headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  withCredentials = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  /** The browser's report that `loaded` of `total` body bytes have gone. */
  progress(loaded: number, total: number) {
    this.upload.dispatch('progress', { lengthComputable: true, loaded, total });
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatch('load');
  }
  /** The connection failed before any answer. */
  fail() {
    this.dispatch('error');
  }
}

/** Installs the fake as the global XMLHttpRequest; undone by vi.unstubAllGlobals(). */
export function stubXhr() {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** The request the code under test has just sent, once it has. */
export async function sentRequest(): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (!FakeXhr.last) throw new Error('nothing sent yet');
  });
  return FakeXhr.last as FakeXhr;
}

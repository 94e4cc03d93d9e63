/**
 * Requests a page's inline script started before any bundle had loaded (myprofile.astro), so the answer arrives
 * while the scripts download. Each is taken once: a response body can be read only once, and every later call is
 * a fresh request.
 */
export type EarlyRequests = { profile?: Promise<Response> };

declare global {
  interface Window {
    tcEarly?: EarlyRequests;
  }
}

export function takeEarlyRequest(name: keyof EarlyRequests): Promise<Response> | undefined {
  if (typeof window === 'undefined' || !window.tcEarly) return undefined;
  const started = window.tcEarly[name];
  delete window.tcEarly[name];
  return started;
}

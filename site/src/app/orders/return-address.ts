/** SPEC §4 "Payment return": back from the provider's checkout. */
export function isPaymentReturn(search: string) {
  const params = new URLSearchParams(search);
  return params.has('session_id') || params.get('payment_success') === 'true';
}

/**
 * The address with its query cleared, except the parameters named in `keep` (the success pages keep `id`, so a
 * reload still shows the order).
 */
export function withoutQuery(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  keep: readonly string[] = [],
): string {
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}

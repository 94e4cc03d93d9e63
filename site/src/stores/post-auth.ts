/** SPEC §4: what to do once the visitor has signed up or logged in. */
export type PostAuthAction = { type: 'subscribe' } | { type: 'buy_card'; payload: { quantity: number } };

export const POST_AUTH_KEY = 'postAuthAction';

export function storePostAuthAction(action: PostAuthAction) {
  localStorage.setItem(POST_AUTH_KEY, JSON.stringify(action));
}

/**
 * The action a link or a plain form asks for (`/register?then=subscribe`): how a plan button tapped before its
 * script ran says so, as it can't write localStorage.
 */
export const THEN_PARAM = 'then';
const actionInAddress = (search: string): PostAuthAction | null =>
  new URLSearchParams(search).get(THEN_PARAM) === 'subscribe' ? { type: 'subscribe' } : null;

/** Read and cleared in one go: an action runs once. `search`: the page's query, which may ask for one too. */
export function takePostAuthAction(search = ''): PostAuthAction | null {
  const raw = localStorage.getItem(POST_AUTH_KEY);
  localStorage.removeItem(POST_AUTH_KEY);
  const asked = actionInAddress(search);
  if (asked) return asked;
  try {
    const action = JSON.parse(raw ?? 'null') as PostAuthAction | null;
    return action?.type === 'subscribe' || action?.type === 'buy_card' ? action : null;
  } catch {
    return null;
  }
}

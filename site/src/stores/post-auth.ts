/** SPEC §4: what to do once the visitor has signed up or logged in. */
export type PostAuthAction = { type: 'subscribe' } | { type: 'buy_card'; payload: { quantity: number } };

export const POST_AUTH_KEY = 'postAuthAction';

export function storePostAuthAction(action: PostAuthAction) {
  localStorage.setItem(POST_AUTH_KEY, JSON.stringify(action));
}

/** Read and cleared in one go: an action runs once. */
export function takePostAuthAction(): PostAuthAction | null {
  const raw = localStorage.getItem(POST_AUTH_KEY);
  localStorage.removeItem(POST_AUTH_KEY);
  try {
    const action = JSON.parse(raw ?? 'null') as PostAuthAction | null;
    return action?.type === 'subscribe' || action?.type === 'buy_card' ? action : null;
  } catch {
    return null;
  }
}

export const PUBLISHED = 'Your page is Published!';
export const SAVE_FAILED = 'Something went wrong while saving.';
export const NO_CHANGES = "You haven't made any changes.";

export type PublishResult = { ok: true; card: Record<string, unknown> } | { ok: false; error: string };

/**
 * POST /api/business-card/create_business_card as multipart (callApi only speaks JSON). The browser sets the
 * multipart boundary itself, so no content-type header is given. SPEC §8: the server's error text when it sends
 * one, else the editor's fallback.
 */
export async function publishCard(form: FormData): Promise<PublishResult> {
  let response: Response;
  try {
    response = await fetch('/api/business-card/create_business_card', {
      method: 'POST',
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    return { ok: false, error: SAVE_FAILED };
  }
  const body = (await response.json().catch(() => ({}))) as { error?: unknown; data?: unknown };
  if (!response.ok || typeof body.error === 'string') {
    return { ok: false, error: typeof body.error === 'string' && body.error ? body.error : SAVE_FAILED };
  }
  if (typeof body.data !== 'object' || body.data === null) return { ok: false, error: SAVE_FAILED };
  return { ok: true, card: body.data as Record<string, unknown> };
}

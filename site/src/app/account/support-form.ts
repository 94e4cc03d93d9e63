/** SPEC §5: the signed-in form needs name, email, reason and message; agreement is implied by being signed in. */
export const FILL_REQUIRED = 'Please fill in all required fields.';

export type SupportForm = { name: string; email: string; reason: string; message: string };

export const EMPTY_SUPPORT_FORM: SupportForm = { name: '', email: '', reason: '', message: '' };

/** The body for POST /api/contact, or null when something required is blank (SPEC §5 trims and lowercases). */
export function supportMessage(form: SupportForm): (SupportForm & { agree: true }) | null {
  const filled = {
    name: form.name.trim(),
    email: form.email.trim().toLowerCase(),
    reason: form.reason.trim(),
    message: form.message.trim(),
  };
  if (!filled.name || !filled.email || !filled.reason || !filled.message) return null;
  return { ...filled, agree: true };
}

/**
 * Fills name and email from the account, but only where the person hasn't typed: the profile can arrive (or be
 * refetched) after they've started.
 */
export function prefill(form: SupportForm, user: { name?: string; email?: string } | null): SupportForm {
  if (!user) return form;
  return { ...form, name: form.name || user.name || '', email: form.email || user.email || '' };
}

import { html } from './layout';

/**
 * Escapes text for HTML element content and quoted attribute values, through Hono's `html` as the mail templates
 * do. The templates use `html` itself; this stays for the local provider's pages until they go.
 */
export function escapeHtml(value: string): string {
  return html`${value}`.toString();
}

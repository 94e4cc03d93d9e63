import { findCardContent } from '../events/card/cards-read-model';
import { hasText } from '../events/card/display';
import { shownContent } from '../events/card/shown';
import { liveDomainOf } from '../events/domain/domains-read-model';
import { findFirm, logoOf, membersOf } from '../events/firm/firms-read-model';
import type { Db } from '../platform/database/db';
import { firmPageKey, firmVariantsKey } from '../platform/storage/key-layout';
import { writePageAt } from './page-files';
import { type FirmPageMember, renderFirmPage } from './pages/firm-page';
import { displayName, imageSource } from './profile/view-model';
import { pageKindOf, type RenderTarget } from './render-account';

/**
 * Issue 32: writes a firm's page, `/f/<slug>`, from the read models: its members whose own pages are live (the admin
 * first, then in the order they joined), each as their page shows them, the firm's contact from the admin's page, and
 * Ask for a quote to the form of the member the admin chose (the admin, unless they chose another).
 * Says whether the page changed. The projector calls it when the firm's stream or a member's page changes.
 */
export async function renderFirm(db: Db, firmId: string, target: RenderTarget): Promise<boolean> {
  const firm = await findFirm(db, firmId);
  if (!firm) return false;
  const logo = logoOf(firm);
  const ids = membersOf(firm);
  const ordered = [firm.admin_id, ...ids.filter((id) => id !== firm.admin_id)];
  const users = await db.selectFrom('users').selectAll().where('id', 'in', ordered).execute();
  const byId = new Map(users.map((user) => [user.id, user]));

  const members: (FirmPageMember & { id: string })[] = [];
  let contact: Parameters<typeof renderFirmPage>[0]['contact'] = null;
  let quotesTo: string | null = null;
  for (const id of ordered) {
    const user = byId.get(id);
    if (!user) continue;
    const published = await findCardContent(db, id);
    if (pageKindOf(user, published) !== 'live' || !published) continue;
    const content = shownContent(published);
    const domain = await liveDomainOf(db, id);
    members.push({
      id,
      username: user.username,
      // Their own name: a firm that locks the business name would otherwise list everyone under it.
      name: content.full_name.trim() || displayName(content, user.username),
      jobTitle: content.job_title.trim(),
      avatar: content.avatar && imageSource(content.avatar),
      address: domain === null ? null : `https://${domain}/`,
    });
    if (id === firm.admin_id) {
      const email = hasText(content.contact_email) ? content.contact_email.trim() : '';
      if (hasText(content.phone_number) || email)
        contact = {
          phone: content.phone_number,
          fullName: content.full_name,
          whatsappGreeting: content.whatsapp_greeting,
          email,
        };
    }
    if (id === (firm.quotes_to ?? firm.admin_id) && content.quotes_enabled) quotesTo = user.username;
  }
  const page = renderFirmPage({
    firmName: firm.name,
    slug: firm.slug,
    logo: logo && imageSource(logo),
    publicUrl: target.publicUrl,
    siteName: target.siteName,
    members,
    contact,
    quotesTo,
  });
  return writePageAt(
    target.storage,
    { page: firmPageKey(firm.slug), variants: firmVariantsKey(firm.slug) },
    Buffer.from(page),
    null,
  );
}

/** The members of a firm now, whose pages show its brand. */
export const membersOfFirm = async (db: Db, firmId: string) => {
  const firm = await findFirm(db, firmId);
  return firm ? membersOf(firm) : [];
};

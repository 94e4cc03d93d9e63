import { Hono } from 'hono';
import { DomainError } from '../../events/errors';
import { cardQrUrl, cardUrl } from '../../events/nfc-card/code';
import { nfcCardsOfOrders } from '../../events/nfc-card/nfc-cards-read-model';
import { renderCardSheetPage } from '../../renderer/pages/card-sheet-page';
import { qrSvg } from '../../renderer/qr';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv, Deps } from '../deps';
import { inlineScriptHashes } from '../http/security-headers';
import { CSV_TYPE, csvText } from '../nfc-cards/csv';
import { cardOrderOrNotFound, isCancelled } from '../orders/orders';

export const NO_CODES_YET = "This order has no card codes yet. Create them from the order's card list first.";
export const NOTHING_TO_MAKE = 'This order was cancelled before it shipped: there are no cards to make.';

/** The sheet's own policy: its styles, its one script by hash, nothing from anywhere else. */
const sheetCsp = (html: string) =>
  [
    "default-src 'none'",
    `script-src ${inlineScriptHashes(html).join(' ')}`,
    "style-src 'unsafe-inline'",
    "font-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** Issue 16: what the admin programs and prints an order's cards from. Staff only, like the order list. */
export function adminCardSheetRoutes(deps: Deps, siteName: string) {
  const app = new Hono<AppEnv>();
  const admin = requireAdmin(deps);

  const cardsOf = async (id: string) => {
    const order = await cardOrderOrNotFound(deps.db, id);
    // Issue 28: its buyer deleted their account and was refunded; its codes were retired with the account.
    if (isCancelled(order)) throw new DomainError('conflict', NOTHING_TO_MAKE);
    const cards = (await nfcCardsOfOrders(deps.db, [order.id])).get(order.id) ?? [];
    if (cards.length === 0) throw new DomainError('conflict', NO_CODES_YET);
    return { order, cards };
  };

  // For bulk encoders: one card a line, the address exactly as each chip is to hold it.
  app.get('/orders/:id/cards.csv', admin, async (c) => {
    const { order, cards } = await cardsOf(c.req.param('id'));
    const rows = cards.map((card) => [card.code, cardUrl(deps.publicUrl, card.code)]);
    return c.body(csvText([['code', 'url'], ...rows]), 200, {
      'Content-Type': CSV_TYPE,
      // Order ids are UUIDs; anything else is left out of the name rather than trusted in a header.
      'Content-Disposition': `attachment; filename="order-${order.id.replace(/[^A-Za-z0-9-]/g, '')}-cards.csv"`,
    });
  });

  app.get('/orders/:id/cards/sheet', admin, async (c) => {
    const { order, cards } = await cardsOf(c.req.param('id'));
    const sheet = await Promise.all(
      cards.map(async (card) => {
        const url = cardUrl(deps.publicUrl, card.code);
        const qrUrl = cardQrUrl(deps.publicUrl, card.code);
        return { code: card.code, url, status: card.status, qrUrl, qrSvg: await qrSvg(qrUrl) };
      }),
    );
    const html = renderCardSheetPage({
      orderId: order.id,
      deliveryName: order.delivery_name,
      cards: sheet,
      siteName,
    });
    return c.html(html, 200, { 'Content-Security-Policy': sheetCsp(html) });
  });

  return app;
}

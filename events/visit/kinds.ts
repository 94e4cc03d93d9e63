/**
 * Issue 16: how a visitor reached a profile page. `nfc`: one of the owner's cards (/c/<code>); `qr`: a QR code the
 * product drew (/q/<username>, or a card's printed code); `link`: the plain address /u/<username>.
 */
export const VISIT_SOURCES = ['nfc', 'qr', 'link'] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

/** What a visitor did on the page, besides opening it (`view`). `save` is Save My Number (the vCard). */
export const VISIT_ACTIONS = [
  'view',
  'save',
  'call',
  'whatsapp',
  'email',
  'facebook',
  'instagram',
  'linkedin',
  'x',
  'tiktok',
] as const;
export type VisitAction = (typeof VISIT_ACTIONS)[number];
export type ClickAction = Exclude<VisitAction, 'view'>;
export const CLICK_ACTIONS = VISIT_ACTIONS.filter((action): action is ClickAction => action !== 'view');

/**
 * Issue 27: counts mean people. From one internet address, on one page, in one day, at most this many views are
 * counted, and this many of each click; a click counts only from an address whose view of the page was counted
 * that day; and the address counts as at most this many unique visitors, however its browser describes itself.
 * A few, not one: a family or a site office shares an address.
 */
export const COUNTED_PER_ADDRESS_PER_DAY = 4;

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

import type { Card } from '../../../contract/card';
import { defaultCardContent } from '../../../events/card/content';

/** Test data only: a saved card as the API sends it (api/cards/cards.ts cardJson), photos left out unless given. */
export const cardAnswer = (overrides: Partial<Card> = {}): Card => ({
  ...defaultCardContent(),
  cover_photo: null,
  avatar: null,
  works: [],
  media: { cover_photo: null, avatar: null, works: [] },
  username: 'dana',
  isPublished: true,
  isLive: true,
  publicProfileUrl: 'http://localhost:3000/u/dana',
  qrCodeUrl: 'http://localhost:3000/u/dana/qr.png',
  isSubscribed: false,
  trialExpires: null,
  ...overrides,
});

// Questions and answers for /faq, the home page teaser and the product pages.
// The sections themselves live in ./faq-sections/, a few to a file.

import {
  FAQ_CANCEL,
  FAQ_CARD_NEEDS_PLAN,
  FAQ_DELIVERY_TIME,
  FAQ_TRIAL,
  FAQ_TRIAL_ENDS,
  PRICING_SUBSCRIPTION_SECTION,
  SHIPPING_DELIVERY_SECTION,
} from './faq-sections/pricing-and-orders';
import { DATA_PRIVACY_SECTION, SUPPORT_HELP_SECTION } from './faq-sections/privacy-and-support';
import {
  DIGITAL_PROFILE_SETUP_SECTION,
  FAQ_DETAILS_CHANGE,
  FAQ_PHONES,
  PRODUCT_TECHNOLOGY_SECTION,
} from './faq-sections/product-and-profile';
import {
  FAQ_NO_CARD_NEEDED,
  RETURNS_CANCELLATIONS_REFUNDS_SECTION,
  SUSTAINABILITY_SECTION,
  WARRANTY_SECTION,
} from './faq-sections/returns-and-warranty';

export type FaqItem = { question: string; answer: string[] };

export type FaqSection = { id: string; title: string; items: FaqItem[] };

export const FAQ_SECTIONS: FaqSection[] = [
  PRODUCT_TECHNOLOGY_SECTION,
  DIGITAL_PROFILE_SETUP_SECTION,
  PRICING_SUBSCRIPTION_SECTION,
  SHIPPING_DELIVERY_SECTION,
  RETURNS_CANCELLATIONS_REFUNDS_SECTION,
  WARRANTY_SECTION,
  SUSTAINABILITY_SECTION,
  DATA_PRIVACY_SECTION,
  SUPPORT_HELP_SECTION,
];

// Shown on the home page; each is a question from FAQ_SECTIONS, word for word.
export const FAQ_TEASER: string[] = [
  'How does the NFC card work?',
  'Do customers need an app to see my page?',
  'Which phones work with the card?',
  'How does the free trial work?',
  'How do I cancel my subscription?',
];

// The card product page (/productandplan card segment, /whatisnfc).
export const CARD_FAQ: FaqItem[] = [FAQ_PHONES, FAQ_CARD_NEEDS_PLAN, FAQ_DETAILS_CHANGE, FAQ_DELIVERY_TIME];

// The profile plan page (/productandplan subscription segment, /subscription).
export const PLAN_FAQ: FaqItem[] = [FAQ_TRIAL, FAQ_TRIAL_ENDS, FAQ_CANCEL, FAQ_NO_CARD_NEEDED];

// Home page copy (/), plus the feature lists shared with /productandplan and /nfccards.

import { CARD_PRICE, PLAN_PRICE } from '../lib/prices';

export type Hero = {
  headline: string;
  sub: string;
  primaryCta: string;
  secondaryCta: string;
  proof: string;
};

export type TitledText = { title: string; text: string };

export type ComparisonRow = { feature: string; paper: string; tradecard: string };

export type HelpTeaser = { title: string; summary: string; readingTime: string };

export const HERO: Hero = {
  headline: 'Your business card, always up to date',
  sub:
    'A simple page with your work, prices and reviews, shared with a tap of your NFC card, a QR code or a ' +
    'link. Customers save your number in one tap, and you change your details without reprinting a thing.',
  primaryCta: 'Start your 14-day free trial',
  secondaryCta: 'Watch How It Works',
  proof: '520+ daily users',
};

// The three setup steps.
export const SETUP_STEPS: TitledText[] = [
  {
    title: 'Create your account',
    text:
      'Sign up with your name, email and the username you want in your page link, then enter the 6-digit ' +
      'code we email you.',
  },
  {
    title: 'Build your page',
    text:
      'Add photos of your work, your services and prices, reviews and contact details. Pick your colours ' +
      'and font, and check it in the live preview.',
  },
  {
    title: 'Publish and share',
    text:
      'Press Publish Now to start your 14-day free trial, then share your page with your card, QR code or ' +
      'link.',
  },
];

// Real-world use cases.
export const USE_CASES: TitledText[] = [
  {
    title: 'Quoting on site',
    text:
      'Finished measuring up? Tap your card on the customer’s phone. They can look through your photos, ' +
      'prices and reviews while they decide, and your number is saved before you’re back in the van.',
  },
  {
    title: 'QR code on the van',
    text:
      'Put your QR code on the van doors or back window. Neighbours who see you working next door can ' +
      'scan it and see your work without hunting for a pen.',
  },
  {
    title: 'After a call-out',
    text:
      'Fixed a leak or a tripped circuit in a hurry? Leave them with “Save My Number”, so next time they ' +
      'ring you, not whoever comes up first online.',
  },
  {
    title: 'At the merchant’s counter',
    text:
      'Swap details with other trades while you wait for your order. One tap and they have your page to ' +
      'pass on when a job isn’t theirs.',
  },
  {
    title: 'Quotes, invoices and flyers',
    text:
      'Print your QR code on quote sheets, invoices and letterbox flyers, so every bit of paper you hand ' +
      'out leads to your up-to-date page.',
  },
  {
    title: 'Local groups and messages',
    text:
      'When someone asks for a recommendation in a local Facebook or WhatsApp group, reply with your ' +
      'link. Your work and reviews speak for themselves.',
  },
];

// Paper business cards compared with TradeCard, honestly.
export const PAPER_VS_CARD: ComparisonRow[] = [
  {
    feature: 'Changing your number or prices',
    paper: 'Reprint the lot; cards already out there keep the old details',
    tradecard: 'Edit your page and press Publish Now; every card, QR code and link shows the change',
  },
  {
    feature: 'Showing your work and prices',
    paper: 'A few lines of text, if they fit',
    tradecard: 'Up to 10 photos of your jobs and a list of services with prices',
  },
  {
    feature: 'Reviews',
    paper: 'None',
    tradecard: 'Customer reviews with star ratings, right on your page',
  },
  {
    feature: 'Saving your number',
    paper: 'The customer types it in, or loses the card',
    tradecard: '“Save My Number” adds you to their contacts in a tap',
  },
  {
    feature: 'Cost',
    paper: 'Cheap per box, but you pay again every time you reprint',
    tradecard: `${PLAN_PRICE} a month after a 14-day free trial; the NFC card is optional at ${CARD_PRICE}`,
  },
  {
    feature: 'Works without a smartphone',
    paper: 'Yes, anyone can read it',
    tradecard: 'No: customers need a phone with NFC, a camera for the QR code, or your link',
  },
];

// The four ways to share: NFC tap, QR code, link, social bio.
export const SHARE_WAYS: TitledText[] = [
  {
    title: 'NFC tap',
    text:
      'Hold your card near a customer’s phone and your page opens. Works with iPhone XS and later and ' +
      'most Android phones with NFC turned on, with no app needed.',
  },
  {
    title: 'QR code',
    text:
      'Every page has its own QR code. Download it for your van, quotes and flyers; it’s printed on your ' +
      'card too.',
  },
  {
    title: 'Link',
    text: 'Copy your page link and send it by text, WhatsApp or email, or pop it in your email signature.',
  },
  {
    title: 'Social bio',
    text:
      'Add your link to your Facebook, Instagram, TikTok, LinkedIn or X profile, so followers can see ' +
      'your work and get in touch.',
  },
];

// The 10 bullets on the subscription card (home pricing, /productandplan, /nfccards).
export const PLAN_FEATURES: string[] = [
  'Your own page with your name in the link',
  'Up to 10 photos of your work',
  'Services listed with your prices',
  'Customer reviews with star ratings',
  'Phone, email and social media links',
  '“Save My Number” contact download',
  'Your colours, three fonts, light or dark theme',
  'QR code and shareable link included',
  'Edit any time with a live preview',
  'Cancel any time, no fees',
];

// The bullets on the NFC card product.
export const CARD_FEATURES: string[] = [
  'One tap opens your page, with no app needed',
  'Works with iPhone XS and later and most Android phones with NFC',
  'Your QR code printed on the card as a backup',
  'NTAG215 chip, 504 bytes, data retention 10+ years',
  'Tough PVC, bank-card size: 85.5 × 54 × 0.8 mm',
  'No battery and nothing to charge',
  'Update your page any time; the card never needs changing',
  '12-month warranty',
];

// The two teasers on /helpcentre (they link to /login).
export const HELP_TEASERS: HelpTeaser[] = [
  {
    title: 'Five things every trade page needs before you share it',
    summary:
      'Photos of finished jobs, clear prices, a few honest reviews, the right contact details and a cover ' +
      'photo people recognise. How to set up a page that helps you win the quote.',
    readingTime: '4 min read',
  },
  {
    title: 'Using your NFC card on site, and what to do when a phone won’t read it',
    summary:
      'Where to hold the card on an iPhone and an Android phone, why phone cases get in the way, and how ' +
      'to fall back on your QR code or link without any fuss.',
    readingTime: '3 min read',
  },
];

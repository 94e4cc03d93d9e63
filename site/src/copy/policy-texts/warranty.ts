// The Warranty tab of /policies.

import type { Policy } from '../policies';

export const WARRANTY_POLICY: Policy = {
  id: 'warranty',
  tab: 'Warranty',
  title: 'Card Warranty',
  updated: '22 November 2026',
  intro:
    'Every TradeCard White Edition NFC card comes with a 12-month warranty. This page explains what it ' +
    'covers, what it doesn’t and how to make a claim.',
  sections: [
    {
      heading: 'Our 12-month warranty',
      paragraphs: [
        'We guarantee your card against defects for 12 months from the date it’s delivered. If a ' +
          'covered fault appears in that time, we’ll replace the card free of charge or refund what you ' +
          'paid for it.',
        'The warranty is in addition to your legal rights, including those under the Consumer Rights ' +
          'Act 2015. It doesn’t replace or reduce them.',
      ],
    },
    {
      heading: 'What’s covered',
      paragraphs: ['The warranty covers faults that aren’t caused by how the card has been treated:'],
      list: [
        'A faulty chip, for example a card that stops opening your page when it’s tapped.',
        'Print defects, such as a misprinted QR code or printing that smudges or peels.',
        'A card that fails to scan under normal use with a compatible phone: an iPhone XS or later, or ' +
          'an Android phone with NFC turned on.',
      ],
    },
    {
      heading: 'What isn’t covered',
      paragraphs: ['The warranty doesn’t cover:'],
      list: [
        'Physical damage, including cracks, snapping, cuts, holes and bending.',
        'Heat damage, for example from leaving the card on a dashboard in full sun or near a heater, ' +
          'heat gun or blowtorch.',
        'Damage from solvents or strong chemicals.',
        'Lost or stolen cards.',
        'Normal wear and tear, such as light scratches that don’t stop the card working.',
        'Phones that don’t support NFC or have it turned off.',
        'A page that isn’t showing because your trial or subscription has ended. The card still works; ' +
          'there’s just no live page for it to open.',
      ],
    },
    {
      heading: 'Before you claim',
      paragraphs: ['A card that seems dead often turns out to be a phone setting. Please check:'],
      list: [
        'NFC is turned on, if the phone is an Android.',
        'You’re holding the card still, near the top edge of an iPhone or the middle of the back of an ' +
          'Android phone, for a second or two.',
        'A thick or metal phone case, or a metal card holder, isn’t in the way.',
        'Your page is live: open your link in a browser to see.',
        'The card works on a second phone, and its QR code opens your page.',
      ],
    },
    {
      heading: 'How to claim',
      paragraphs: [
        'You can claim at any time within 12 months of delivery. If a card arrives damaged or faulty, ' +
          'please tell us within 7 days of delivery so we can put it right quickly. To claim:',
      ],
      list: [
        'Go to the Contact us page, or Contact Us in your dashboard, and choose the reason “Card not ' +
          'working” or “Card damaged”.',
        'Include your order ID, what happens when you tap or scan the card, and which phone or phones ' +
          'you tried.',
        'When we reply, send us clear photos of the front and back of the card.',
      ],
    },
    {
      heading: 'What happens next',
      paragraphs: [
        'We review every warranty claim within 3 business days (Monday to Friday, not counting UK bank ' +
          'holidays) and email you the outcome. If we decline a claim, we’ll explain why.',
        'If your claim is accepted, we’ll send you a replacement card programmed with the same page, ' +
          'free of charge including delivery, or refund the price of the card. Refunds reach the card you ' +
          'paid with within 5–10 business days. We’ll only ask for the faulty card back if we need to ' +
          'inspect it, and then we’ll pay the postage.',
      ],
    },
    {
      heading: 'Your legal rights',
      paragraphs: [
        'If you buy as a consumer, the Consumer Rights Act 2015 says goods must be of satisfactory ' +
          'quality, fit for purpose and as described. If they aren’t, you can reject them for a full ' +
          'refund within 30 days of delivery; after that, you’re entitled to a repair or replacement and, ' +
          'if that doesn’t fix things, a price reduction or refund.',
        'This warranty doesn’t affect those rights. Citizens Advice can explain them in more detail.',
      ],
    },
  ],
};

// FAQ sections: Returns, Cancellations & Refunds; Warranty; Sustainability.

import type { FaqItem, FaqSection } from '../faq';

export const FAQ_NO_CARD_NEEDED: FaqItem = {
  question: 'Do I need to buy a card to use TradeCard?',
  answer: [
    'No. Your page works on its own with your QR code and link: put the QR code on your van, quotes and ' +
      'invoices, and the link in your messages and social media bios. Add a card only if tapping it on ' +
      'site will help you.',
  ],
};

export const RETURNS_CANCELLATIONS_REFUNDS_SECTION: FaqSection = {
  id: 'returns-cancellations-refunds',
  title: 'Returns, Cancellations & Refunds',
  items: [
    {
      question: 'Can I cancel my card order?',
      answer: [
        'Yes, within 2 hours of ordering, for a full refund. Send us a message through the Contact us ' +
          'page or email support@tradecard.co.uk with your order ID, which is shown on your order ' +
          'confirmation and in My Orders.',
        'After 2 hours your card may already be in production. Get in touch anyway: if we haven’t ' +
          'started making it, we’ll still cancel it. Once production has started, we can’t.',
      ],
    },
    {
      question: 'Can I return a card if I change my mind?',
      answer: [
        'Each card is made to your order: it’s programmed with your page and printed with your QR code. ' +
          'That makes it personalised goods, so the usual 14-day right to cancel under the Consumer ' +
          'Contracts Regulations doesn’t apply once we’ve started making it.',
        'That doesn’t affect your rights if a card arrives damaged or is faulty — those are covered ' +
          'separately.',
      ],
    },
    {
      question: 'My card arrived damaged or doesn’t work. What should I do?',
      answer: [
        'Please tell us within 7 days of delivery. Use the Contact us form with the reason “Card ' +
          'damaged” or “Card not working” and include your order ID. We’ll reply by email; send us photos ' +
          'of the front and back of the card in your reply.',
        'We review claims within 3 business days and send a free replacement or give you a refund. ' +
          'After the first 7 days, faults are covered by our 12-month warranty, and your rights under the ' +
          'Consumer Rights Act 2015 aren’t affected.',
      ],
    },
    {
      question: 'How long do refunds take?',
      answer: ['Once a refund is agreed, it goes back to the card you paid with within 5–10 business days.'],
    },
    {
      question: 'Can I get a refund on my subscription?',
      answer: [
        'You can cancel at any time and you won’t be charged again; your plan runs until the end of the ' +
          'period you’ve paid for. We don’t give partial refunds for a month that has already started.',
        'If you subscribed without a free trial (for example, because you’d already used yours), you ' +
          'can cancel within 14 days of subscribing and we’ll refund your payment, minus an amount for ' +
          'the days your page was live.',
      ],
    },
    {
      question: 'Does deleting my account cancel my subscription?',
      answer: [
        'Yes. Deleting your account ends your subscription straight away, rather than at the end of the ' +
          'billing period, and takes your page down at once. If you’ve paid for the current month and ' +
          'want to use the rest of it, cancel the plan first and delete your account once it has ended.',
      ],
    },
  ],
};

export const WARRANTY_SECTION: FaqSection = {
  id: 'warranty',
  title: 'Warranty',
  items: [
    {
      question: 'How long is the warranty on the card?',
      answer: [
        'Every White Edition card comes with a 12-month warranty from the date it’s delivered. It’s on ' +
          'top of your legal rights, not instead of them.',
      ],
    },
    {
      question: 'What does the warranty cover?',
      answer: [
        'Defects in the chip or the printing, and a card that fails to scan under normal use — for ' +
          'example, a chip that stops responding or a QR code that was misprinted. If a covered fault ' +
          'turns up, we’ll replace the card free of charge or refund you.',
      ],
    },
    {
      question: 'What isn’t covered by the warranty?',
      answer: [
        'Physical damage, such as cracking, snapping or bending; heat damage, for example from a ' +
          'dashboard in full sun or a heat gun; and lost or stolen cards.',
        'It also doesn’t cover a page that isn’t showing because a trial or subscription has ended. The ' +
          'card still works in that case — it just has no live page to open.',
      ],
    },
    {
      question: 'How do I make a warranty claim?',
      answer: [
        'Use the Contact us form and choose “Card not working” or “Card damaged” as the reason. Tell us ' +
          'your order ID, what happens when you tap or scan the card, and which phone you tried. When we ' +
          'reply, send us clear photos of the front and back of the card.',
        'We review every claim within 3 business days and email you the outcome.',
      ],
    },
    {
      question: 'Do I have to send the faulty card back?',
      answer: [
        'Only if we ask. Photos are usually enough for us to decide a claim. If we do need to see the ' +
          'card, we’ll tell you where to send it and pay the postage.',
      ],
    },
  ],
};

export const SUSTAINABILITY_SECTION: FaqSection = {
  id: 'sustainability',
  title: 'Sustainability',
  items: [
    {
      question: 'Is a digital business card better for the environment than paper?',
      answer: [
        'It can be, mainly because you stop reprinting. With paper cards, a new phone number or a price ' +
          'change means binning the old box and ordering another. With TradeCard, you update your page ' +
          'and every card, QR code and link shows the change.',
        'To be straight with you: the NFC card is plastic with a chip inside, so it only makes sense if ' +
          'it replaces a lot of paper. That’s why it’s built to last, and why you don’t need one to use ' +
          'your page.',
      ],
    },
    {
      question: 'What is the card made of?',
      answer: [
        'PVC, like most bank cards, with a small NTAG215 chip and aerial sealed inside. There’s no ' +
          'battery, so there’s nothing to charge, replace or throw away.',
      ],
    },
    {
      question: 'How long will a card last?',
      answer: [
        'The chip is rated to keep its data for 10 years or more, and because it only stores a link, it ' +
          'never needs reprogramming. Keep it flat and away from high heat and one card will serve you ' +
          'for years.',
      ],
    },
    FAQ_NO_CARD_NEEDED,
    {
      question: 'How should I get rid of an old card?',
      answer: [
        'Please don’t put it in your household recycling: the chip and aerial inside mean it can’t be ' +
          'recycled with ordinary plastics. Ask your local recycling centre where it should go.',
      ],
    },
  ],
};

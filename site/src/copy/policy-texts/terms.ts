// The Terms tab of /policies.

import { CARD_PRICE, PLAN_PRICE } from '../../lib/prices';
import type { Policy } from '../policies';

export const TERMS_POLICY: Policy = {
  id: 'terms',
  tab: 'Terms',
  title: 'Terms of Service',
  updated: '22 November 2026',
  intro:
    'These terms are the agreement between you and TradeCard Ltd when you create an account, publish a ' +
    'page, subscribe to the profile plan or buy an NFC card. We’ve written them to be read, so please ' +
    'take a few minutes over them.',
  sections: [
    {
      heading: 'About us and these terms',
      paragraphs: [
        'TradeCard Ltd is registered in England and Wales; our company details are on our invoices. You ' +
          'can contact us through the Contact us page or at support@tradecard.co.uk.',
        'Most of our customers use TradeCard for their business. Some rights, such as the right to ' +
          'cancel, are given by law only to consumers; where these terms say so, we give them to business ' +
          'customers too. Nothing in these terms takes away your legal rights as a consumer.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'To use TradeCard you must be 18 or over and give us accurate details. Your password must have ' +
          'at least 8 characters, including an uppercase letter and a number. Keep it to yourself: you’re ' +
          'responsible for what happens on your account, and you should tell us straight away if you ' +
          'think someone else has used it.',
        'You need to verify your email address before you can share your page. Your username forms your ' +
          'page address (/u/ followed by your username) and can’t be changed later, so choose it with ' +
          'care.',
      ],
    },
    {
      heading: 'Your page and what you publish',
      paragraphs: [
        'You keep ownership of everything you publish. You give us permission to store, copy and ' +
          'display it for as long as it’s on your page, so that we can run the service, and you confirm ' +
          'that you have the right to publish it. You must not publish:',
      ],
      list: [
        'Anything unlawful, or anything that encourages illegal activity.',
        'Misleading claims, such as prices you won’t honour, or qualifications, registrations, ' +
          'accreditations or trade memberships you don’t hold.',
        'Fake reviews, or real reviews you don’t have the customer’s permission to publish.',
        'Photos or text copied from someone else without permission, including pictures of another ' +
          'firm’s work.',
        'Anything offensive, threatening or harassing, or anyone else’s personal details without their ' +
          'consent.',
      ],
    },
    {
      heading: 'Taking content down',
      paragraphs: [
        'If we’re told about, or find, content that breaks these rules, we may remove it or take your ' +
          'page down. We’ll tell you what we’ve done and why, unless the law prevents us. Where the ' +
          'problem can be fixed, you can put it right and publish again.',
        'We may suspend or close an account after serious or repeated breaches, or where we must by ' +
          'law. Unless there’s an urgent reason, such as unlawful content, we’ll warn you first.',
      ],
    },
    {
      heading: 'Free trial and subscription',
      paragraphs: [
        `The profile plan costs ${PLAN_PRICE} a month and keeps your page live. Each account gets one 14-day ` +
          'free trial, which starts when you first publish your page or start the plan, whichever comes ' +
          'first. If you subscribe during your trial, your first payment is taken when the trial ends, or ' +
          'straight away if less than 48 hours of it is left.',
        'The plan is paid monthly in advance by card, through Stripe, and renews automatically each ' +
          'month until you cancel. If a payment fails, your page stays live while the payment is retried; ' +
          'if it still can’t be taken, the plan ends.',
        'Your page is shown while your trial or subscription is active. If the trial ends without a ' +
          'subscription, or a cancelled subscription reaches the end of its billing period, your page is ' +
          'no longer shown. Your content is kept and comes back if you subscribe again.',
        'We may change the price of the plan. We’ll give you at least 30 days’ notice by email, and you ' +
          'can cancel before the new price applies.',
      ],
    },
    {
      heading: 'Cancelling your plan',
      paragraphs: [
        'You can cancel at any time from My Orders. Cancelling takes effect at the end of your current ' +
          'billing period: your page stays live until then and you won’t be charged again. We don’t ' +
          'refund part-used months. Cancelling during a free trial costs nothing.',
        'If you subscribe without a free trial (because you’ve already had yours), you may cancel ' +
          'within 14 days of subscribing. Because you asked for the plan to start straight away, we’ll ' +
          'refund your payment minus an amount for the days your page was live. This right comes from the ' +
          'Consumer Contracts Regulations 2013, and we give it to business customers too.',
        'Deleting your account ends your subscription immediately, not at the end of the period, and ' +
          'removes your page.',
      ],
    },
    {
      heading: 'NFC card orders',
      paragraphs: [
        `Cards cost ${CARD_PRICE} each, plus any delivery charge shown at checkout. Our contract for the cards ` +
          'is made when your payment is accepted and we show your order confirmation. Each card is made ' +
          'to order: it’s programmed with your page and printed with your QR code.',
        'Production, delivery, cancelling within 2 hours of ordering, and returns are covered in our ' +
          'Shipping & Returns policy. Because cards are personalised, the 14-day right to cancel doesn’t ' +
          'apply once production has started. Every card has a 12-month warranty, set out in our Warranty ' +
          'policy.',
        'A card opens your TradeCard page, which is only shown while your trial or subscription is ' +
          'active. Buying a card doesn’t include a subscription.',
      ],
    },
    {
      heading: 'Keeping the service running',
      paragraphs: [
        'We work hard to keep TradeCard available, but we can’t promise it will never be interrupted, ' +
          'for example during maintenance or because of a fault at one of our providers. We’ll keep ' +
          'interruptions as short as we can and warn you about planned work.',
        'We may improve or change features. If a change significantly reduces what you pay for, we’ll ' +
          'tell you in advance and you can cancel. Phones read NFC differently and we can’t guarantee ' +
          'every phone will read the card, which is why every card carries a QR code as a backup.',
      ],
    },
    {
      heading: 'Our responsibility to you',
      paragraphs: [
        'We’re responsible for loss or damage you suffer that is a foreseeable result of us breaking ' +
          'these terms or failing to use reasonable care and skill. We don’t exclude or limit our ' +
          'liability where it would be unlawful to do so, including for death or personal injury caused ' +
          'by our negligence, for fraud, or for your statutory rights as a consumer.',
        'If you use TradeCard for your business, we aren’t liable for loss of profit, loss of business ' +
          'or work, or indirect or consequential loss, and our total liability to you is limited to the ' +
          'amount you paid us in the 12 months before the claim. You’re responsible for the content of ' +
          'your page and for the work, prices and services you offer your customers.',
      ],
    },
    {
      heading: 'Changes, law and disputes',
      paragraphs: [
        'We may update these terms. We’ll email you about important changes before they take effect, ' +
          'and the date at the top shows when they last changed.',
        'These terms are governed by the law of England and Wales, and the courts of England and Wales ' +
          'have jurisdiction. If you’re a consumer living in Scotland or Northern Ireland, you can also ' +
          'bring proceedings in your local courts. If something goes wrong, please contact us first — ' +
          'most problems can be sorted out quickly.',
      ],
    },
  ],
};

// FAQ sections: Data & Privacy; Support & Help.

import type { FaqSection } from '../faq';

export const DATA_PRIVACY_SECTION: FaqSection = {
  id: 'data-privacy',
  title: 'Data & Privacy',
  items: [
    {
      question: 'Who can see my page?',
      answer: [
        'Anyone with your link, QR code or card can see your page while it’s live, so only publish what ' +
          'you’re happy to make public. Your account email and password are never shown; customers only ' +
          'see the contact details you add to the Contact section.',
      ],
    },
    {
      question: 'Where is my data stored?',
      answer: [
        'Your account, page and order data are stored on servers in the UK and the EU. Payments are ' +
          'handled by Stripe. Our Privacy Policy lists every company that handles data for us, and why.',
      ],
    },
    {
      question: 'Do you see or store my card details?',
      answer: [
        'No. You enter your card details on Stripe’s secure checkout page and they go straight to ' +
          'Stripe. We never see or store your card number; we only get a record of the payment, with the ' +
          'card type and last four digits so you can recognise it.',
      ],
    },
    {
      question: 'Will my photos give away where a job was?',
      answer: [
        'Photos taken on a phone often carry hidden location data. We remove it: every photo you upload ' +
          'is converted and saved without its original file information, including the GPS location and ' +
          'camera details.',
        'Do check the picture itself, though. A house number or a car’s number plate in the shot can ' +
          'give away more than any hidden data.',
      ],
    },
    {
      question: 'Do you use cookies or tracking?',
      answer: [
        'We don’t use advertising or tracking cookies. To keep you signed in, the app sets one sign-in ' +
          'cookie, which is strictly necessary for your account to work.',
        'Our optional support chat comes from a third-party chat service. It loads a few seconds after ' +
          'a page opens and may set its own cookies. Public profile pages set no cookies at all.',
      ],
    },
    {
      question: 'How do I delete my account and my data?',
      answer: [
        'Go to Settings, choose Delete Your Account and confirm. That erases your personal data, your ' +
          'page and your photos from our live system and ends any subscription straight away. Copies in ' +
          'our backups are rotated out within 30 days.',
        'We have to keep payment records for 6 years for HMRC. Our own order records keep only amounts ' +
          'and dates — your name, email and delivery address are removed.',
      ],
    },
    {
      question: 'Do you sell my data or send marketing emails?',
      answer: [
        'No. We don’t sell or rent your data to anyone. We email you about your account, your orders ' +
          'and your plan, and we won’t send you marketing emails unless you’ve asked for them.',
      ],
    },
  ],
};

export const SUPPORT_HELP_SECTION: FaqSection = {
  id: 'support-help',
  title: 'Support & Help',
  items: [
    {
      question: 'How do I contact TradeCard?',
      answer: [
        'Use the Contact us page or email support@tradecard.co.uk. If you’re signed in, Contact Us in ' +
          'your dashboard fills in your name and email for you. You can also message us through the chat ' +
          'window on our website.',
        'We typically reply within 24 hours on working days (Monday to Friday, not counting UK bank ' +
          'holidays).',
      ],
    },
    {
      question: 'Which reason should I choose on the contact form?',
      answer: [
        'Pick the closest one so we can help faster: “Card not working” if your card won’t open your ' +
          'page, “Card damaged” if it arrived damaged or has been damaged since, “Profile issue” for ' +
          'problems with your page, “Setup help” if you’d like a hand getting started, and “Other” for ' +
          'anything else, including cancelling an order.',
      ],
    },
    {
      question: 'I didn’t get my verification code. What now?',
      answer: [
        'Check your spam or junk folder first. If it isn’t there, ask for a new code; you can do that ' +
          'every 30 seconds. Each code works for 10 minutes, and a code stops working after five wrong ' +
          'attempts, so just request a fresh one.',
      ],
    },
    {
      question: 'I’ve forgotten my password. How do I reset it?',
      answer: [
        'On the login page, choose Forgot password and enter your email address. We’ll send you a reset ' +
          'link, which works once and for one hour. Your new password needs at least 8 characters, ' +
          'including an uppercase letter and a number. Resetting it signs you out on every device.',
      ],
    },
    {
      question: 'Can you help me set up my page?',
      answer: [
        'Yes. Send us a message with the reason “Setup help” and tell us where you’re stuck. Until ' +
          'you’ve saved anything, the editor shows sample content from a bathroom renovator, so you can ' +
          'see how a finished page looks before you start.',
      ],
    },
    {
      question: 'My page says it isn’t live. Why?',
      answer: [
        'Either nothing has been published yet, or access has expired because your free trial or ' +
          'subscription has ended. Open the editor and press Publish Now, or subscribe from Product & ' +
          'Plan in your dashboard. If you think your page should be live, contact us and we’ll look into ' +
          'it.',
      ],
    },
  ],
};

// FAQ sections: Product & Technology; Digital Profile & Setup.

import type { FaqItem, FaqSection } from '../faq';

export const FAQ_PHONES: FaqItem = {
  question: 'Which phones work with the card?',
  answer: [
    'iPhone XS and later read NFC cards on their own whenever the screen is on — no app or settings ' +
      'needed. Most Android phones have NFC too; it just needs to be turned on, usually from the quick ' +
      'settings panel or the connection settings.',
    'For an older phone, or one with NFC turned off, the customer can scan the QR code printed on your ' +
      'card with their camera, or you can send them your link.',
  ],
};

export const FAQ_DETAILS_CHANGE: FaqItem = {
  question: 'Do I need a new card if my number or prices change?',
  answer: [
    'No. The card stores a link to your page, not your details. Change your phone number, prices, ' +
      'photos or anything else in the editor, press Publish Now, and the next person who taps your card ' +
      'sees the new version.',
  ],
};

export const PRODUCT_TECHNOLOGY_SECTION: FaqSection = {
  id: 'product-technology',
  title: 'Product & Technology',
  items: [
    {
      question: 'What is TradeCard?',
      answer: [
        'TradeCard gives you a simple web page for your business — photos of your work, your services ' +
          'and prices, reviews and your contact details — plus an NFC card that opens it with a tap. It’s ' +
          'made for plumbers, electricians, builders and other trades who want customers to find them ' +
          'again.',
        'Your page lives at a link with your own username in it (/u/yourname). You can share it by ' +
          'tapping your card on a customer’s phone, with a QR code, by sending the link, or from your ' +
          'social media bio.',
      ],
    },
    {
      question: 'How does the NFC card work?',
      answer: [
        'Inside the card is a small NFC chip (an NTAG215) and an aerial. When you hold the card against ' +
          'a customer’s phone, the phone reads the link stored on the chip and opens your page in its web ' +
          'browser.',
        'The chip has no battery and nothing to charge: the phone powers it for the moment it’s being ' +
          'read. It only holds the link to your page, so the card never needs changing when your page ' +
          'does.',
      ],
    },
    FAQ_PHONES,
    {
      question: 'Do customers need an app to see my page?',
      answer: [
        'No. Your page opens in the phone’s normal web browser, whether they tap your card, scan your ' +
          'QR code or follow your link. There’s nothing to download and they don’t need an account.',
      ],
    },
    {
      question: 'What happens if a customer’s phone won’t read the tap?',
      answer: [
        'Try again slowly and hold the card still for a second or two: near the top edge of an iPhone, ' +
          'or the middle of the back of most Android phones. Thick or metal phone cases can get in the ' +
          'way, and on Android NFC needs to be turned on.',
        'If it still won’t read, use the backup: the customer scans the QR code on your card with their ' +
          'camera, or you send them your link by text or WhatsApp. If your card won’t read on any phone, ' +
          'see the Warranty section.',
      ],
    },
    FAQ_DETAILS_CHANGE,
    {
      question: 'What are the card’s specifications?',
      answer: [
        'The White Edition card is PVC and the same size as a bank card — 85.5 × 54 × 0.8 mm — so it ' +
          'fits any wallet or card holder. It uses an NTAG215 chip with 504 bytes of memory and a data ' +
          'retention of 10 years or more. Your QR code is printed on the card as a backup to the tap.',
      ],
    },
  ],
};

export const DIGITAL_PROFILE_SETUP_SECTION: FaqSection = {
  id: 'digital-profile-setup',
  title: 'Digital Profile & Setup',
  items: [
    {
      question: 'How do I set up my page?',
      answer: [
        'Sign up with your name, email address, a username and a password. We email you a 6-digit code ' +
          'to verify your address. Then open the editor, fill in your details, add photos and services, ' +
          'and watch the live preview update as you go.',
        'When you’re happy, press Publish Now. Publishing for the first time starts your 14-day free ' +
          'trial, and we don’t ask for payment details to do it.',
      ],
    },
    {
      question: 'What can I put on my page?',
      answer: [
        'Your page has six sections, and you can show or hide each one: a main banner with a cover ' +
          'photo and heading; About Me, with your photo, name, job title and a short bio; My Work, with ' +
          'up to 10 photos of your jobs; My Services, with each service and its price; Reviews from your ' +
          'customers, each with a rating from 1 to 5 stars; and Contact, with your phone number, email ' +
          'and links to Facebook, Instagram, LinkedIn, X and TikTok.',
        'You can change the order of the sections too. The main banner always stays at the top.',
      ],
    },
    {
      question: 'Can I match the page to my branding?',
      answer: [
        'Yes. Choose a light or dark theme, one of three fonts (Inter, Montserrat or Poppins), a button ' +
          'colour from the colour wheel, white or black button text, and left, centre or right alignment. ' +
          'Use your logo or a photo of your van as the cover photo and it will look like yours, not ours.',
      ],
    },
    {
      question: 'What will my page address be?',
      answer: [
        'Your page lives at /u/ followed by the username you choose when you sign up — for example, ' +
          '/u/hollinsplumbing. Pick something short that customers will recognise: the username can’t be ' +
          'changed once your account is set up.',
      ],
    },
    {
      question: 'Why can’t I share my page yet?',
      answer: [
        'Sharing needs a verified email address. Enter the 6-digit code we emailed when you signed up ' +
          '(check your spam or junk folder), or use the prompt in your dashboard to send a new one. You ' +
          'can ask for a new code every 30 seconds, and each code works for 10 minutes.',
      ],
    },
    {
      question: 'How do customers save my number?',
      answer: [
        'Your page has a “Save My Number” button. It downloads a contact card (a vCard) with your name, ' +
          'business, job title, phone number, email and page link, and the customer’s phone adds it to ' +
          'their contacts in a tap or two. The button appears whenever your page has a phone number or an ' +
          'email address.',
      ],
    },
    {
      question: 'Can I change my page after publishing?',
      answer: [
        'As often as you like while your trial or subscription is active. Make your changes in the ' +
          'editor, check the live preview and press Publish Now. Your card, QR code and link keep ' +
          'pointing to the same page, so nothing needs reprinting.',
      ],
    },
  ],
};

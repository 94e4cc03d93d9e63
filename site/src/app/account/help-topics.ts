export type HelpTopic = { title: string; summary: string };

/**
 * SPEC §2 "Help Centre": the five tutorials, none of them written yet, so each says what it will cover and is
 * marked unavailable rather than linking to an empty page.
 */
export const HELP_TOPICS: HelpTopic[] = [
  {
    title: 'Getting Started',
    summary:
      'Signing up, verifying your email and publishing your first page to start the 14-day free trial.',
  },
  {
    title: 'Create & Edit Your Profile',
    summary: 'Adding photos of your work, services with prices, reviews and contact details in the editor.',
  },
  {
    title: 'Using Your Card',
    summary: 'Tapping your NFC card on a customer’s phone, and using your QR code or link as a backup.',
  },
  {
    title: 'Branding & Themes',
    summary:
      'Choosing a light or dark theme, one of three fonts, your button colours and the order of sections.',
  },
  {
    title: 'Troubleshooting',
    summary:
      'What to do when a phone won’t read your card, your page isn’t live, or a reset email hasn’t arrived.',
  },
];

export const UNDER_MAINTENANCE = 'Under maintenance';
export const TEMPORARILY_UNAVAILABLE = 'Temporarily unavailable';

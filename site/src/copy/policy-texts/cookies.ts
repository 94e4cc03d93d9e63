// The Cookies tab of /policies.

import type { Policy } from '../policies';

export const COOKIES_POLICY: Policy = {
  id: 'cookies',
  tab: 'Cookies',
  title: 'Cookie Policy',
  updated: '26 November 2026',
  intro:
    'This policy explains the small amount of information our website keeps in your browser, and the one ' +
    'third-party service that may set cookies of its own. The short version: we use no advertising or ' +
    'tracking cookies.',
  sections: [
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'Cookies are small files a website saves in your browser. Local storage is a similar browser ' +
          'feature that lets a website keep small pieces of information on your device.',
        'Under the Privacy and Electronic Communications Regulations, a website may store information ' +
          'that is strictly necessary to provide a service you’ve asked for. Anything else needs your ' +
          'consent.',
      ],
    },
    {
      heading: 'What our app stores',
      paragraphs: [
        'TradeCard sets one cookie, and uses your browser’s local storage for a few other things:',
      ],
      list: [
        'A sign-in cookie, which keeps you signed in. This is strictly necessary: without it your ' +
          'account and the editor can’t work. Scripts on our pages can’t read it. A session lasts 7 ' +
          'days, or 30 days if you tick “Remember me”, and ends sooner if you don’t use it for 7 days.',
        'Your name and email address, so your dashboard can show who’s signed in straight away.',
        'If you tick “Remember me”, that choice and your email address, so the login form is filled in ' +
          'next time.',
        'Short-lived notes, such as a purchase to carry on with after you sign in, or whether to open ' +
          'the chat window on the next page. These are cleared once they’ve been used.',
      ],
    },
    {
      heading: 'No advertising or tracking',
      paragraphs: [
        'We don’t use advertising or tracking cookies, we don’t follow you across other websites, and ' +
          'we don’t share information from your browser with advertisers.',
        'Public profile pages (the pages at /u/ followed by a username) set no cookies, run no scripts ' +
          'and load nothing from third parties, so your customers can look at your page without being ' +
          'tracked.',
        'We do count visits to those pages and clicks on their buttons, for the page’s owner, without ' +
          'storing anything on the visitor’s device. Our Privacy Policy says exactly what is counted.',
      ],
    },
    {
      heading: 'The support chat widget',
      paragraphs: [
        'Our support chat is provided by a third-party chat service. To keep pages quick, the widget ' +
          'loads a few seconds after a page opens, or as soon as you first interact with the page. It ' +
          'appears on our public website pages and on Contact Us in your dashboard, but not in the editor ' +
          'or your other account pages.',
        'Once it has loaded, the chat service may set its own cookies or use local storage, for example ' +
          'to remember your conversation as you move between pages, even if you never open the chat. ' +
          'Those cookies are controlled by the chat provider under its own privacy and cookie policy.',
        'If you’d rather avoid them, block or clear the chat service’s cookies in your browser ' +
          'settings. The rest of the site works without the chat, and you can always reach us through the ' +
          'Contact us page or at support@tradecard.co.uk.',
      ],
    },
    {
      heading: 'Paying through Stripe',
      paragraphs: [
        'When you pay, you’re taken to Stripe’s secure checkout. Stripe sets its own cookies there to ' +
          'process your payment and prevent fraud. They are strictly necessary for the payment and are ' +
          'covered by Stripe’s own cookie policy.',
      ],
    },
    {
      heading: 'Managing what’s stored',
      paragraphs: [
        'Logging out removes your sign-in cookie from your browser. You can also clear everything our ' +
          'site has stored at any time in your browser’s settings, usually under privacy or site data; ' +
          'you’ll just need to sign in again.',
        'If you block cookies or local storage for our site altogether, you won’t be able to sign in, ' +
          'because the sign-in cookie can’t be kept.',
      ],
    },
    {
      heading: 'Changes and questions',
      paragraphs: [
        'If we ever start using other cookies or similar technologies, we’ll update this policy first ' +
          'and, where the law requires it, ask for your consent. Questions? Use the Contact us page or ' +
          'email support@tradecard.co.uk.',
      ],
    },
  ],
};

// The Privacy tab of /policies.

import { COUNTED_PER_ADDRESS_PER_DAY } from '../../../../events/visit/kinds';
import type { Policy } from '../policies';

export const PRIVACY_POLICY: Policy = {
  id: 'privacy',
  tab: 'Privacy',
  title: 'Privacy Policy',
  updated: '28 November 2026',
  intro:
    'This policy explains what personal data TradeCard collects when you use our website, your page and ' +
    'our NFC cards, why we collect it, who we share it with and what your rights are. We’ve kept it as ' +
    'plain as we can.',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'TradeCard Ltd (“TradeCard”, “we”, “us”) runs the TradeCard website and service. We are ' +
          'registered in England and Wales; our company details are on our invoices.',
        'We are the controller of the personal data described in this policy, under the UK General Data ' +
          'Protection Regulation (UK GDPR) and the Data Protection Act 2018. For anything about your ' +
          'data, use the Contact us page or email support@tradecard.co.uk.',
      ],
    },
    {
      heading: 'What we collect',
      paragraphs: ['We collect only what we need to run the service:'],
      list: [
        'Account details: your name, email address, username and password. Your password is stored only ' +
          'as a secure one-way hash, never in a form anyone can read.',
        'Profile content you publish: photos, services and prices, reviews, your contact details and ' +
          'social media links, and your colour, font and layout choices.',
        'Order and delivery details: what you bought, amounts, dates, the delivery name and address, ' +
          'and tracking information.',
        'Payment records: Stripe tells us whether a payment succeeded and gives us your card type, last ' +
          'four digits and expiry date so you can recognise your card. We never see or store your full ' +
          'card number.',
        'Support messages: what you send us through the contact form, by email or in the chat, with ' +
          'your name, email address and the reason you chose.',
        'Technical logs: browser type, the pages and requests made, and error reports, which our servers ' +
          'record to keep the service secure and working. They do not record IP addresses.',
        'Quote requests: what a customer sends through the Request a quote form on a page (see below).',
        'Abuse limits: when someone signs in, signs up, asks for a password reset, sends the contact ' +
          'form or sends a quote request, a one-way keyed hash of their IP address (never the address ' +
          'itself), to slow down anyone guessing passwords or sending spam.',
      ],
    },
    {
      heading: 'How we use it and our lawful bases',
      paragraphs: ['UK GDPR requires a lawful basis for each use of personal data. Ours are:'],
      list: [
        'Contract: to create and run your account, publish your page, take payments, make and deliver ' +
          'your cards, answer your support requests, and send the emails the service needs, such as ' +
          'verification codes, password reset links, order and plan confirmations and tracking updates.',
        'Legitimate interests: to keep the service secure, prevent fraud and abuse, fix faults and ' +
          'improve how TradeCard works, and to answer enquiries from people who aren’t customers yet. We ' +
          'only rely on this where it doesn’t override your own interests and rights.',
        'Legal obligation: to keep financial records for HMRC and meet our other legal duties.',
        'Consent: for anything optional we ask you about, such as marketing emails. You can withdraw ' +
          'consent at any time.',
      ],
    },
    {
      heading: 'Your public page',
      paragraphs: [
        'Everything you publish on your page is public: anyone with your link, QR code or card can see ' +
          'it while your page is live. Only add contact details you’re happy for customers to use. Your ' +
          'account email and password are never shown on your page.',
        'If you publish customer reviews, or photos showing other people or their homes, make sure you ' +
          'have their permission. Every photo is re-encoded when you upload it, which removes hidden file ' +
          'information such as the GPS location and camera details.',
        'When your page isn’t live, visitors see a message saying so instead of your content. Deleting ' +
          'your account removes your page completely.',
      ],
    },
    {
      heading: 'Quote requests through a page',
      paragraphs: [
        'A page can have a Request a quote form, which its owner can switch off. When a customer sends it, ' +
          'we store what they typed: their name, a phone number or an email address (or both), the ' +
          'postcode of the job if they gave one, what the job is, and up to 3 photos, re-encoded like every ' +
          'photo so hidden file information such as the GPS location is removed. We also note when it was sent.',
        'Only the page’s owner sees a quote request: we email it to them, photos attached, so that replying ' +
          'to the email answers the customer, and it is listed on the Enquiries page of their account. The ' +
          'photos are kept at addresses made from the photos themselves, which nobody can guess and which we ' +
          'publish nowhere. We use a request for nothing else.',
        'A quote request is kept until the owner deletes it from their Enquiries page (a customer who wants ' +
          'theirs deleted can ask the owner) or closes their account, and erased with it, photos included. ' +
          'Deleting it also stops the email about it if that hasn’t gone yet; an email already in the ' +
          'owner’s inbox is theirs.',
      ],
    },
    {
      heading: 'Counting visits to your page',
      paragraphs: [
        'So you can see whether your card, your QR code and your link are working, we count visits to your ' +
          'page and clicks on its buttons. We count them on our own servers, with no cookies and nothing ' +
          'stored on your customers’ devices, and we never store a visitor’s IP address. For each page, for ' +
          'each day, we count:',
      ],
      list: [
        'Visits, by the address the visitor came in by: your NFC card’s own address (it starts with /c/, so ' +
          'a visit there is a tap of your card; the QR code printed on the card counts as a scan), the ' +
          'address in your QR codes (/q/ and your username, so a scan) or your page’s link (/u/ and your ' +
          'username, opened from a message, a social media bio or a search).',
        'Clicks on the page’s buttons: Save My Number, Call, WhatsApp, Email and each social media link, ' +
          'with the address the visitor came in by.',
        'Unique visitors. To tell one visitor from another without knowing who they are, we make a one-way ' +
          'hash of the visitor’s IP address and which of ' +
          `${COUNTED_PER_ADDRESS_PER_DAY} groups their browser’s user agent (the name and version it sends with ` +
          'every request) falls in, together with the page and a random salt that is thrown away every day. A ' +
          'visitor can’t be recognised from one day to the next or from one page to another, and the IP ' +
          'address itself is never stored.',
      ],
    },
    {
      heading: 'What the counts leave out, and who sees them',
      paragraphs: [
        'Visits and clicks by known bots and crawlers, such as search engines’, are not counted.',
        'So that the counts mean people, one IP address counts for at most ' +
          `${COUNTED_PER_ADDRESS_PER_DAY} visits to a page a day, ${COUNTED_PER_ADDRESS_PER_DAY} clicks on each ` +
          `of its buttons and ${COUNTED_PER_ADDRESS_PER_DAY} unique visitors, however often it comes back and ` +
          'whatever its browser says it is; and a click counts only from an address whose visit to the page ' +
          'was counted that day. A few, not one, because a household or a site office shares one address. To ' +
          'apply this we keep, until the day is counted up, a hash of the address made with the same daily ' +
          'salt, never the address itself.',
        'Your page runs no scripts, so clicks are reported by the visitor’s browser itself, with the standard ' +
          'HTML ping attribute on each button. Chrome, Edge, Safari, Samsung Internet and Opera send these ' +
          'reports; Firefox (where they are off by default) and Brave don’t. So click counts are a floor: ' +
          'there may have been more. Save My Number is the exception: it is counted when our server sends ' +
          'your contact file, in every browser.',
        'Each day’s raw rows, with their hashes, are deleted within 2 days, leaving only the daily totals. ' +
          'Only you, the page’s owner, can see your page’s counts, and they are erased with your account. ' +
          'We rely on legitimate interests for this: showing you how customers find your page, in a way that ' +
          'doesn’t identify them or follow them anywhere else.',
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'We don’t sell or rent your personal data. We share it only with the service providers that ' +
          'help us run TradeCard, under contracts that require them to protect it and use it only as we ' +
          'instruct:',
      ],
      list: [
        'Stripe, which processes card payments and subscriptions. Stripe also uses payment data to ' +
          'prevent fraud and meet its own legal duties, and is responsible for that use itself.',
        'Our email provider, which delivers our emails, such as verification codes, password resets and ' +
          'order updates.',
        'Our hosting provider, which runs the servers that store your account, page and photos in the ' +
          'UK and the EU.',
        'The third-party support chat provider, when the optional chat widget loads on our website or ' +
          'you message us through it.',
        'Postal and courier services, which receive the delivery name and address they need to deliver ' +
          'your cards.',
      ],
    },
    {
      heading: 'Where your data is stored',
      paragraphs: [
        'Your account, page and order data are stored in the UK and the European Union. UK law ' +
          'recognises the EU as giving personal data an adequate level of protection.',
        'Some providers, such as Stripe and the chat provider, may also process data in other ' +
          'countries, including the United States. Where they do, the transfer is protected by safeguards ' +
          'recognised under UK law, such as the UK Extension to the EU–US Data Privacy Framework or the ' +
          'International Data Transfer Addendum to standard contractual clauses.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: ['We keep personal data only for as long as we need it:'],
      list: [
        'Account details and page content: for as long as you have an account. When you delete your ' +
          'account, they are erased from our live system.',
        'Photos you upload but never publish, or replace: 7 days after you last uploaded them, so an ' +
          'unpublished draft keeps its photos; then they are deleted.',
        'Order and payment records: 6 years after the end of the financial year they relate to, because ' +
          'HMRC requires it. When you delete your account, we remove your name, email address and ' +
          'delivery address from our own order records; invoices held by Stripe are kept for the same ' +
          'legal reasons.',
        'Visit counts for your page: each day’s raw rows for 2 days at most, then only the daily totals, ' +
          'for as long as you have an account.',
        'Quote requests to your page, with their photos: until you delete one from your Enquiries page, ' +
          'or for as long as you have an account. They are erased with your account.',
        'Support messages: for as long as you have an account, or 2 years after our last reply if you ' +
          'don’t have one. They are erased with your account.',
        'Technical logs: up to 30 days, unless we need them for longer to investigate a security problem.',
        'Backups: rotated within 30 days, so anything deleted from our live system is gone from our ' +
          'backups within 30 days too.',
      ],
    },
    {
      heading: 'Keeping your data secure',
      paragraphs: [
        'Passwords are stored with a strong one-way hash (Argon2). Sign-in tokens, password reset links ' +
          'and verification codes are also stored only in hashed form, so even a copy of our database ' +
          'couldn’t be used to sign in as you. Reset links work once and expire after an hour, and ' +
          'signing out ends your session.',
        'Card payments are handled entirely by Stripe, which is certified to PCI DSS Level 1, the ' +
          'highest standard for payment security. If a data breach ever put your rights at risk, we would ' +
          'tell you and the Information Commissioner’s Office as the law requires.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: ['Under UK data protection law you have the right to:'],
      list: [
        'Ask for a copy of the personal data we hold about you.',
        'Have inaccurate data corrected. You can change most of it yourself in the editor and in Settings.',
        'Have your data erased. Use Delete Your Account in Settings, or ask us to do it.',
        'Object to how we use your data, or ask us to restrict it.',
        'Receive the data you gave us in a portable format. Download my data in Settings gives you a zip of ' +
          'your account, your page and its photos, your orders and everything we have recorded about them.',
        'Withdraw your consent at any time, where we rely on consent.',
      ],
    },
    {
      heading: 'Complaints, children and changes',
      paragraphs: [
        'To use any of your rights, contact us and we’ll respond within one month. If you’re unhappy ' +
          'with how we’ve handled your data, please tell us first so we can put it right. You also have ' +
          'the right to complain to the Information Commissioner’s Office (ico.org.uk, 0303 123 1113).',
        'TradeCard is for people aged 18 or over, and we don’t knowingly collect data about children.',
        'If we change this policy, we’ll update the date at the top. If a change is significant, we’ll ' +
          'email you before it takes effect.',
      ],
    },
  ],
};

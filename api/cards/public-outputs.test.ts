import { describe, expect, it } from 'vitest';
import {
  type CardContent,
  defaultCardContent,
  type ImageRef,
  largestMediaUrl,
  SECTION_KEYS,
  type SectionKey,
} from '../../events/card/content';
import { savesContact, shownCard } from '../../events/card/shown';
import { ogImageInputs } from '../../renderer/og-image/inputs';
import { renderProfilePage } from '../../renderer/pages/profile-page';
import { renderQuoteFormPage, renderQuotesOffPage } from '../../renderer/pages/quote-pages';
import { pageKindOf } from '../../renderer/render-account';
import { buildVCard } from '../../renderer/vcard';
import { cardPassJson } from '../wallet/pass';

/**
 * Issue 28, item 1: every public output follows the one decision of what a card shows (events/card/shown.ts). Each
 * combination of the six sections, each switched on or off and filled or empty, is drawn by every output: the page
 * (and its JSON-LD and sharing tags; /q/<name>, the QR landing, is the same file), the vCard, the Wallet pass, the
 * link preview image's inputs and the quote pages. What a section holds appears in none of them unless the decision
 * shows the section, and then on the page.
 */

const photo = (pair: string): ImageRef => ({ id: pair.repeat(12), width: 800, height: 600, widths: [800] });

/** Each section's fields, filled with words found nowhere else, and the words that give each field away. */
const SECTIONS: Record<SectionKey, { flag: keyof CardContent; fill: Partial<CardContent>; words: string[] }> =
  {
    main: {
      flag: 'show_main_section',
      fill: { cover_photo: photo('c0'), main_heading: 'Zmainheading', sub_heading: 'Zsubheading' },
      words: ['c0c0c0c0', 'zmainheading', 'zsubheading'],
    },
    about: {
      flag: 'show_about_me_section',
      fill: {
        avatar: photo('a1'),
        full_name: 'Zfullname Zsurname',
        job_title: 'Zjobtitle',
        bio: 'Zbiotext',
        business_card_name: 'Zbusiness',
      },
      words: ['a1a1a1a1', 'zfullname', 'zsurname', 'zjobtitle', 'zbiotext', 'zbusiness'],
    },
    work: {
      flag: 'show_work_section',
      fill: { works: [photo('b2'), photo('b3')] },
      words: ['b2b2b2b2', 'b3b3b3b3'],
    },
    services: {
      flag: 'show_services_section',
      fill: { services: [{ name: 'Zservice', price: 'Zprice' }] },
      words: ['zservice', 'zprice'],
    },
    reviews: {
      flag: 'show_reviews_section',
      fill: { reviews: [{ name: 'Zreviewer', text: 'Zreviewtext', rating: 4 }] },
      words: ['zreviewer', 'zreviewtext'],
    },
    contact: {
      flag: 'show_contact_section',
      fill: {
        contact_email: 'zcontact@example.com',
        // A mobile, so WhatsApp is offered; its last six digits are in every form it is written in (typed, E.164, wa.me).
        phone_number: '07700 900461',
        facebook_url: 'https://facebook.com/zfacebook',
        instagram_url: 'https://instagram.com/zinstagram',
        linkedin_url: 'https://linkedin.com/in/zlinkedin',
        x_url: 'https://x.com/zxlink',
        tiktok_url: 'https://tiktok.com/@ztiktok',
        whatsapp_greeting: 'Zgreeting',
        opening_hours: [{ day: 'monday', opens: '07:15', closes: '16:45' }],
      },
      words: [
        'zcontact',
        '900461',
        'zfacebook',
        'zinstagram',
        'zlinkedin',
        'zxlink',
        'ztiktok',
        'zgreeting',
        '07:15',
      ],
    },
  };

const username = 'dana';
const publicUrl = 'https://tradecard.test';
const pageUrl = `${publicUrl}/u/${username}`;
const siteName = 'TradeCard';
const live = { trial_expires: '2026-12-06T09:00:00.000Z', trial_ended: 0, is_subscribed: 0 };
const signer = { passTypeId: 'pass.test.tradecard', teamId: 'TEAM123456' };

/** What each public output makes of a card, lower-cased, drawn whether or not its page would be live. */
function outputs(content: CardContent) {
  const quote = { content, username, siteName };
  const page = renderProfilePage({ content, username, pageUrl, siteName, walletEnabled: true });
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)?.[1] ?? '';
  const drawn = {
    page,
    jsonLd,
    vcard: buildVCard({ content, pageUrl, photoJpeg: new Uint8Array(6) }),
    pass: JSON.stringify(cardPassJson({ signer, accountId: 'a1', username, content, publicUrl, siteName })),
    ogImage: JSON.stringify(ogImageInputs(content, username)),
    // The form and the page for quotes switched off; the others around it name the owner by the same nameOf.
    quote: [renderQuoteFormPage({ ...quote, stamp: 'stamp' }), renderQuotesOffPage(quote)].join('\n'),
  };
  return Object.fromEntries(
    Object.entries(drawn).map(([name, text]) => [name, text.toLowerCase()]),
  ) as typeof drawn;
}

type SectionState = { on: boolean; filled: boolean };

function cardOf(states: Record<SectionKey, SectionState>, base: Partial<CardContent> = {}): CardContent {
  let content: CardContent = { ...defaultCardContent(), ...base };
  for (const section of SECTION_KEYS) {
    const { flag, fill } = SECTIONS[section];
    const { on, filled } = states[section];
    content = { ...content, ...(filled ? fill : {}), [flag]: on };
  }
  return content;
}

/** Every output against the decision: nothing of a section it doesn't show anywhere, all of one it shows on the page. */
function checkOutputs(content: CardContent, label: string) {
  const shown = shownCard(content, largestMediaUrl).sections;
  const drawn = outputs(content);
  const everywhere = Object.values(drawn).join('\n');
  const problems: string[] = [];
  for (const section of SECTION_KEYS) {
    const words = SECTIONS[section].words.filter((word) =>
      JSON.stringify(content).toLowerCase().includes(word),
    );
    for (const word of words) {
      if (!shown.includes(section) && everywhere.includes(word))
        problems.push(`${label}: ${section} is not shown, yet “${word}” is in ${whereIs(drawn, word)}`);
      if (shown.includes(section) && !drawn.page.includes(word))
        problems.push(`${label}: ${section} is shown, yet “${word}” is not on the page`);
    }
  }
  const contact = shown.includes('contact');
  const phone = contact && content.phone_number !== '';
  const expectations: [string, boolean, boolean][] = [
    ['Save My Number on the page', drawn.page.includes('save my number'), contact],
    ['a vCard to save', savesContact(content), contact],
    ['Call at the top of the page', drawn.page.includes('class="tc-qa"'), phone],
    ['a telephone in the JSON-LD', drawn.jsonLd.includes('"telephone"'), phone],
    ['TEL in the vCard', drawn.vcard.includes('\ntel'), phone],
    ['a photo in the vCard', drawn.vcard.includes('\nphoto'), shown.includes('about')],
    ['the live page', pageKindOf(live, content) === 'live', shown.length > 0],
  ];
  for (const [what, found, expected] of expectations)
    if (found !== expected) problems.push(`${label}: ${what} is ${found}, expected ${expected}`);
  return problems;
}

const whereIs = (drawn: Record<string, string>, word: string) =>
  Object.entries(drawn)
    .filter(([, text]) => text.includes(word))
    .map(([name]) => name)
    .join(', ');

/** Every assignment of `choices` to the six sections. */
function* combinations<T>(choices: T[]): Generator<Record<SectionKey, T>> {
  const total = choices.length ** SECTION_KEYS.length;
  for (let n = 0; n < total; n++) {
    let rest = n;
    const states = {} as Record<SectionKey, T>;
    for (const section of SECTION_KEYS) {
      states[section] = choices[rest % choices.length] as T;
      rest = Math.floor(rest / choices.length);
    }
    yield states;
  }
}

const label = (states: Record<SectionKey, SectionState>) =>
  SECTION_KEYS.map(
    (key) => `${key}:${states[key].on ? 'on' : 'off'}/${states[key].filled ? 'full' : 'empty'}`,
  ).join(' ');

describe('every public output follows the one decision (issue 28)', () => {
  it('for each combination of the six sections, each on or off, filled or empty', () => {
    const states: SectionState[] = [
      { on: true, filled: true },
      { on: false, filled: true },
      { on: true, filled: false },
      { on: false, filled: false },
    ];
    const problems: string[] = [];
    let drawn = 0;
    for (const combination of combinations(states)) {
      problems.push(...checkOutputs(cardOf(combination), label(combination)));
      drawn += 1;
    }
    expect(drawn).toBe(4 ** 6);
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('for a Contact section with only some of its fields, the rest of the card shown', () => {
    const contact = SECTIONS.contact.fill;
    const { contact_email, phone_number, whatsapp_greeting, opening_hours, ...links } = contact;
    const partials: Partial<CardContent>[] = [
      { contact_email },
      { phone_number },
      { phone_number, whatsapp_greeting },
      // Links, hours and a greeting without a number or email: the section has nothing to show, so none of them.
      { ...links, opening_hours, whatsapp_greeting },
    ];
    const problems: string[] = [];
    for (const partial of partials)
      for (const on of [true, false]) {
        const states = Object.fromEntries(
          SECTION_KEYS.map((key) => [key, { on: key === 'contact' ? on : true, filled: key !== 'contact' }]),
        ) as Record<SectionKey, SectionState>;
        problems.push(
          ...checkOutputs(
            cardOf(states, partial),
            `contact ${on ? 'on' : 'off'} with ${Object.keys(partial)}`,
          ),
        );
      }
    expect(problems).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  type ClickAction,
  COUNTED_PER_ADDRESS_PER_DAY,
  VISIT_SOURCES,
  type VisitSource,
} from '../../../events/visit/kinds';
import { PRIVACY_POLICY } from './policy-texts/privacy';

const policyText = JSON.stringify(PRIVACY_POLICY);

/** The button each counted click is, as the policy names it: a new kind of click must be named there too. */
const BUTTONS: Record<ClickAction, string> = {
  save: 'Save My Number',
  call: 'Call',
  whatsapp: 'WhatsApp',
  email: 'Email',
  facebook: 'each social media link',
  instagram: 'each social media link',
  linkedin: 'each social media link',
  x: 'each social media link',
  tiktok: 'each social media link',
};

/** The address each source is counted by (contract/visits.ts). */
const ADDRESSES: Record<VisitSource, string> = { nfc: '/c/', qr: '/q/', link: '/u/' };

// Issue 16: the privacy policy says exactly what is counted on a tradesperson's page.
describe('the privacy policy on counting visits', () => {
  it('names every button whose clicks are counted', () => {
    const clicks = PRIVACY_POLICY.sections
      .flatMap((section) => section.list ?? [])
      .find((item) => item.startsWith('Clicks on the page’s buttons'));
    for (const button of new Set(Object.values(BUTTONS))) expect(clicks).toContain(button);
  });

  it('states the rule that makes counts mean people (issue 27)', () => {
    expect(policyText).toContain(
      `one IP address counts for at most ${COUNTED_PER_ADDRESS_PER_DAY} visits to a page a day, ${COUNTED_PER_ADDRESS_PER_DAY} clicks on each of its buttons and ${COUNTED_PER_ADDRESS_PER_DAY} unique visitors`,
    );
    expect(policyText).toContain(
      'a click counts only from an address whose visit to the page was counted that day',
    );
  });

  it('names the address of every source a visit is counted by', () => {
    for (const source of VISIT_SOURCES) expect(policyText).toContain(ADDRESSES[source]);
  });

  it('says which browsers report clicks, and that click counts are a floor', () => {
    for (const browser of ['Chrome', 'Edge', 'Safari', 'Samsung Internet', 'Opera', 'Firefox', 'Brave']) {
      expect(policyText).toContain(browser);
    }
    expect(policyText).toContain('click counts are a floor');
  });
});

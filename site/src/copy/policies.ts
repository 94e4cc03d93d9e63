// The five tabs of /policies, in display order. Each policy lives in ./policy-texts/.

import { COOKIES_POLICY } from './policy-texts/cookies';
import { PRIVACY_POLICY } from './policy-texts/privacy';
import { SHIPPING_POLICY } from './policy-texts/shipping';
import { TERMS_POLICY } from './policy-texts/terms';
import { WARRANTY_POLICY } from './policy-texts/warranty';

export type PolicySection = { heading: string; paragraphs: string[]; list?: string[] };

export type Policy = {
  id: 'privacy' | 'terms' | 'warranty' | 'cookies' | 'shipping';
  tab: string;
  title: string;
  updated: string;
  intro: string;
  sections: PolicySection[];
};

export const POLICIES: Policy[] = [
  PRIVACY_POLICY,
  TERMS_POLICY,
  WARRANTY_POLICY,
  COOKIES_POLICY,
  SHIPPING_POLICY,
];

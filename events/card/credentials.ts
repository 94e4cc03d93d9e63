/**
 * The trade schemes an owner can list (issue 17): each with the public page where a customer checks a member, and the
 * web address the scheme's own member listings live under. An owner may give the address of their own listing on
 * that site, which then becomes the badge's link (the one deep link every scheme supports); without it the badge
 * links to the scheme's search page. The claims are the owner's: the page says so, and we check nothing.
 */
export const CREDENTIAL_SCHEMES = {
  gas_safe: {
    name: 'Gas Safe Register',
    numberLabel: 'licence number',
    checkUrl: 'https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/',
    host: 'gassaferegister.co.uk',
  },
  niceic: {
    name: 'NICEIC',
    numberLabel: 'registration number',
    checkUrl: 'https://www.niceic.com/find-a-contractor',
    host: 'niceic.com',
  },
  napit: {
    name: 'NAPIT',
    numberLabel: 'membership number',
    checkUrl: 'https://www.napit.org.uk/find-an-installer',
    host: 'napit.org.uk',
  },
  trustmark: {
    name: 'TrustMark',
    numberLabel: 'licence number',
    checkUrl: 'https://www.trustmark.org.uk/find-a-tradesperson',
    host: 'trustmark.org.uk',
  },
  checkatrade: {
    name: 'Checkatrade',
    numberLabel: 'member number',
    checkUrl: 'https://www.checkatrade.com/',
    host: 'checkatrade.com',
  },
  fmb: {
    name: 'Federation of Master Builders',
    numberLabel: 'membership number',
    checkUrl: 'https://www.fmb.org.uk/find-a-builder',
    host: 'fmb.org.uk',
  },
  other: { name: 'Other', numberLabel: 'number', checkUrl: '', host: '' },
} as const;

export type CredentialScheme = keyof typeof CREDENTIAL_SCHEMES;

/** A credential row typed without its scheme (the editor's and the API's words). */
export const CHOOSE_A_SCHEME = 'Choose the scheme for each credential, or remove the ones you don’t need.';
export const CREDENTIAL_SCHEME_KEYS = Object.keys(CREDENTIAL_SCHEMES) as [
  CredentialScheme,
  ...CredentialScheme[],
];

/** Whether `url` is an https address on `host` or one of its subdomains. */
export function isOnHost(url: string, host: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && (parsed.hostname === host || parsed.hostname.endsWith(`.${host}`));
  } catch {
    return false;
  }
}

/** Where a badge links: the owner's own listing when they gave one, else the scheme's search page. */
export const credentialCheckUrl = (credential: { scheme: CredentialScheme; url: string }) =>
  credential.url !== '' ? credential.url : CREDENTIAL_SCHEMES[credential.scheme].checkUrl;

/** The name a badge shows: the scheme's, or the one the owner typed for "other". */
export const credentialName = (credential: { scheme: CredentialScheme; name: string }) =>
  credential.scheme === 'other' ? credential.name : CREDENTIAL_SCHEMES[credential.scheme].name;

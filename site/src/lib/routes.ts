/** The public pages and their canonical paths (SPEC §2). */
export const PATHS = {
  home: '/',
  productAndPlan: '/productandplan',
  card: '/productandplan/plasticnfccard',
  plan: '/productandplan/subscription',
  faq: '/faq',
  reviews: '/reviews',
  helpCentre: '/helpcentre',
  contact: '/contactus',
  policies: '/policies',
  register: '/register',
  login: '/login',
  dashboard: '/myprofile',
} as const;

/** Other addresses of the same pages (SPEC §2): each serves its page, which names the canonical one. */
export const ALIASES: Record<string, string> = {
  '/whatisnfc': PATHS.card,
  '/subscription': PATHS.plan,
  '/products-and-plans': PATHS.productAndPlan,
};

/** SPEC §2 "Breadcrumbs": friendly names for known path segments. */
const SEGMENT_NAMES: Record<string, string> = {
  productandplan: 'Product & Plan',
  'products-and-plans': 'Products & Plans',
  plasticnfccard: 'Plastic NFC Card',
  woodennfccard: 'Wooden NFC Card',
  metalnfccard: 'Metal NFC Card',
  subscription: 'Profile Plan',
  whatisnfc: 'What is NFC?',
  faq: 'FAQs',
  reviews: 'Reviews',
  helpcentre: 'Help Centre',
  contactus: 'Contact Us',
  policies: 'Policies',
  blog: 'Blog',
  howitworks: 'How It Works',
};

export type Crumb = { label: string; href: string | null };

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** 'Home' plus one crumb per segment; the last one is where you are, so it is not a link. */
export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', href: '/' }];
  segments.forEach((segment, index) => {
    const href = `/${segments.slice(0, index + 1).join('/')}`;
    crumbs.push({ label: SEGMENT_NAMES[segment.toLowerCase()] ?? decode(segment), href });
  });
  const last = crumbs.at(-1);
  if (last) last.href = null;
  return crumbs;
}

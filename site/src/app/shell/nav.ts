/** SPEC §2 "Sidebar on signed-in pages", in order. `also` lists other paths that light the same item. */
export type NavItem = { href: string; label: string; also?: string[]; secondary?: boolean };

export const NAV_ITEMS: NavItem[] = [
  { href: '/myprofile', label: 'Home' },
  // Issue 16: the page's visits, beside the page itself.
  { href: '/stats', label: 'Statistics' },
  // Issue 17: quote requests from the page, which it exists to win.
  { href: '/enquiries', label: 'Enquiries' },
  // Issue 32: several tradespeople on one firm's page.
  { href: '/firm', label: 'Firm' },
  { href: '/myorders', label: 'My Orders' },
  { href: '/nfccards', label: 'Product & Plan', also: ['/products-and-plans', '/subscription'] },
  { href: '/contact-support', label: 'Contact Us' },
  { href: '/helpcentreinterface', label: 'Help Centre', secondary: true },
  { href: '/profile', label: 'Settings', secondary: true },
];

/** Only for admins, so they can reach the order console from any signed-in page (the API checks the role again). */
export const ADMIN_ITEM: NavItem = { href: '/admin', label: 'Admin' };

/** The sidebar's items for this user: an admin's list ends its main part with the console. */
export function navItems(isAdmin: boolean): NavItem[] {
  if (!isAdmin) return NAV_ITEMS;
  const firstSecondary = NAV_ITEMS.findIndex((item) => item.secondary);
  return [...NAV_ITEMS.slice(0, firstSecondary), ADMIN_ITEM, ...NAV_ITEMS.slice(firstSecondary)];
}

export const isCurrent = (item: NavItem, path: string) =>
  [item.href, ...(item.also ?? [])].some((href) => path === href || path.startsWith(`${href}/`));

/** SPEC §9: at 1000 px or narrower the layout is mobile. */
export const MOBILE_MAX_WIDTH = 1000;
/** At 600 px or narrower the header's Share button is just 'Share'. */
export const SMALL_MAX_WIDTH = 600;

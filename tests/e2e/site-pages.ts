/** Every public page of SPEC §2 with a heading it must show; aliases show their page's heading. */
export const PUBLIC_PAGES: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /./ },
  { path: '/productandplan', heading: /Everything you need to be remembered/ },
  { path: '/productandplan/plasticnfccard', heading: /NFC Card – White Edition/ },
  { path: '/productandplan/subscription', heading: /Your page, live for customers/ },
  { path: '/faq', heading: /Frequently asked questions/ },
  { path: '/reviews', heading: /What tradespeople say/ },
  { path: '/helpcentre', heading: /Guides for your TradeCard/ },
  { path: '/contactus', heading: /How can we help\?/ },
  { path: '/policies', heading: /Our policies/ },
];

export const ALIASES: { path: string; canonical: string; heading: RegExp }[] = [
  { path: '/whatisnfc', canonical: '/productandplan/plasticnfccard', heading: /NFC Card – White Edition/ },
  {
    path: '/subscription',
    canonical: '/productandplan/subscription',
    heading: /Your page, live for customers/,
  },
  {
    path: '/products-and-plans',
    canonical: '/productandplan',
    heading: /Everything you need to be remembered/,
  },
];

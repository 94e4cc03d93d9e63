/**
 * Where a lifecycle mail's button leads, on the site at PUBLIC_URL: the plan page to subscribe, My Orders to keep
 * or look at a plan, the billing page to replace the card and see receipts, the person's own page, and its
 * statistics (the weekly summary).
 */
export const siteLinks = (publicUrl: string) => ({
  subscribe: `${publicUrl}/subscription`,
  orders: `${publicUrl}/myorders`,
  billing: `${publicUrl}/billing`,
  stats: `${publicUrl}/stats`,
  enquiries: `${publicUrl}/enquiries`,
  page: (username: string) => `${publicUrl}/u/${encodeURIComponent(username)}`,
});

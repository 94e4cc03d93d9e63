import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, navItems } from './nav';

describe('the sidebar', () => {
  it('offers the admin console to admins only, before Help Centre and Settings', () => {
    expect(navItems(false)).toEqual(NAV_ITEMS);
    expect(navItems(false).map((item) => item.href)).not.toContain('/admin');
    expect(navItems(true).map((item) => item.label)).toEqual([
      'Home',
      'Statistics',
      'Enquiries',
      'Firm',
      'My Orders',
      'Product & Plan',
      'Contact Us',
      'Admin',
      'Help Centre',
      'Settings',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { breadcrumbs } from './routes';

describe('breadcrumbs (SPEC §2)', () => {
  it('names known segments and leaves the last crumb unlinked', () => {
    expect(breadcrumbs('/productandplan/plasticnfccard')).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Product & Plan', href: '/productandplan' },
      { label: 'Plastic NFC Card', href: null },
    ]);
  });

  it('decodes unknown segments, and survives a broken escape', () => {
    expect(breadcrumbs('/blog/tiling%20tips').map((c) => c.label)).toEqual(['Home', 'Blog', 'tiling tips']);
    expect(breadcrumbs('/x/%E0%A4%A').at(-1)?.label).toBe('%E0%A4%A');
  });

  it('is just Home, unlinked, at the root', () => {
    expect(breadcrumbs('/')).toEqual([{ label: 'Home', href: null }]);
  });
});

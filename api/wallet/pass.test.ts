import { describe, expect, it } from 'vitest';
import type { Storage } from '../../platform/storage/storage';
import { fullCard } from '../../tests/support/renderer/card';
import { cardPassJson, passImages } from './pass';

const input = { signer: { passTypeId: 'pass.test', teamId: 'TEAM' }, accountId: 'a1', username: 'dave' };
const at = { publicUrl: 'https://tradecard.test', siteName: 'TradeCard' };

/** A storage that fails the test if the pass reads anything: what the page hides is not even fetched. */
const untouchable = new Proxy({} as Storage, {
  get: (_, method) => () => {
    throw new Error(`The pass read storage (${String(method)}) for a photo the page doesn't show`);
  },
});

describe('the Wallet pass shows what the page shows (issue 28)', () => {
  it('holds no number or email while the Contact section is hidden', () => {
    const shown = JSON.stringify(cardPassJson({ ...input, ...at, content: fullCard() }));
    expect(shown).toContain('dave@thompsonbathrooms.co.uk');
    const hidden = JSON.stringify(
      cardPassJson({ ...input, ...at, content: fullCard({ show_contact_section: false }) }),
    );
    expect(hidden).not.toMatch(/thompsonbathrooms\.co\.uk|7700 ?900123/);
    expect(hidden).toContain('Thompson Bathrooms');
  });

  it('names the owner’s own domain while it is live (issue 31), the service address otherwise', () => {
    const served = cardPassJson({ ...input, ...at, content: fullCard() });
    expect(served.barcodes[0]?.message).toBe('https://tradecard.test/q/dave');
    expect(JSON.stringify(served.generic)).toContain('https://tradecard.test/u/dave');
    const own = cardPassJson({
      ...input,
      ...at,
      content: fullCard(),
      domain: 'dave.thompsonbathrooms.co.uk',
    });
    expect(own.barcodes[0]?.message).toBe('https://dave.thompsonbathrooms.co.uk/q');
    expect(JSON.stringify(own.generic)).toContain('"value":"https://dave.thompsonbathrooms.co.uk/"');
  });

  it('draws no profile photo from a hidden About section', async () => {
    const images = await passImages(untouchable, fullCard({ show_about_me_section: false }));
    expect(Object.keys(images).sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png']);
  });
});

import { describe, expect, it } from 'vitest';
import { filledDraft, picked, stored } from '../../../../tests/support/site/draft';
import { memoryStorage } from '../../../../tests/support/site/storage';
import { fingerprint } from './dirty';
import { emptyDraft } from './draft';
import {
  clearLocalDraft,
  localDraftKey,
  MAX_LOCAL_DRAFT_CHARS,
  readLocalDraft,
  writeLocalDraft,
} from './local-draft';

const now = new Date('2026-11-23T09:00:00Z');

describe('the local draft', () => {
  it('comes back as it was written: text, rows and stored photos, in their order', () => {
    const storage = memoryStorage();
    const [a, b] = [stored(), stored()];
    const draft = filledDraft({ works: [b, a], page_theme: 'dark', bio: 'Thirty years on the tools.' });
    expect(writeLocalDraft(storage, 'acc-1', draft, now)).toBe(true);
    const back = readLocalDraft(storage, 'acc-1', emptyDraft());
    expect(back?.savedAt).toEqual(now);
    expect(back?.photosLeftOut).toBe(0);
    expect(fingerprint(back?.draft ?? emptyDraft())).toBe(fingerprint(draft));
  });

  it('keeps issue 17’s fields, and drops a credential row with no scheme picked (a card names one)', () => {
    const storage = memoryStorage();
    const draft = filledDraft({
      quotes_enabled: false,
      credentials: [
        {
          key: 'a',
          scheme: 'checkatrade',
          name: '',
          number: '',
          url: 'https://www.checkatrade.com/trades/me',
        },
        { key: 'b', scheme: '', name: '', number: '42', url: '' },
      ],
    });
    writeLocalDraft(storage, 'acc-1', draft, now);
    const back = readLocalDraft(storage, 'acc-1', emptyDraft())?.draft;
    expect(back).toMatchObject({
      whatsapp_greeting: draft.whatsapp_greeting,
      opening_hours: draft.opening_hours,
      emergency_callout: draft.emergency_callout,
      areas_covered: draft.areas_covered,
      quotes_enabled: false,
    });
    expect(back?.credentials.map(({ key: _, ...row }) => row)).toEqual([
      { scheme: 'checkatrade', name: '', number: '', url: 'https://www.checkatrade.com/trades/me' },
    ]);
  });

  it('is kept per account: another account on the same browser finds none', () => {
    const storage = memoryStorage();
    writeLocalDraft(storage, 'acc-1', filledDraft(), now);
    expect(readLocalDraft(storage, 'acc-2', emptyDraft())).toBeNull();
    expect(storage.getItem(localDraftKey('acc-1'))).not.toBeNull();
    clearLocalDraft(storage, 'acc-1');
    expect(readLocalDraft(storage, 'acc-1', emptyDraft())).toBeNull();
  });

  it('leaves out photos not yet uploaded, counts them, and keeps the published cover in a new one’s place', () => {
    const storage = memoryStorage();
    const published = filledDraft({ cover_photo: stored() });
    const kept = stored();
    writeLocalDraft(
      storage,
      'acc-1',
      { ...published, cover_photo: picked(), works: [picked(), kept, picked()] },
      now,
    );
    const back = readLocalDraft(storage, 'acc-1', published);
    expect(back?.photosLeftOut).toBe(3);
    expect(back?.draft.cover_photo).toBe(published.cover_photo);
    expect(back?.draft.works.map((image) => image.kind === 'saved' && image.ref)).toEqual([
      kept.kind === 'saved' && kept.ref,
    ]);
  });

  it('is not kept when the storage is full or the draft too large, and garbage reads as no draft', () => {
    expect(writeLocalDraft(memoryStorage({ full: true }), 'acc-1', filledDraft(), now)).toBe(false);
    const storage = memoryStorage();
    expect(
      writeLocalDraft(storage, 'acc-1', filledDraft({ bio: 'x'.repeat(MAX_LOCAL_DRAFT_CHARS) }), now),
    ).toBe(false);
    expect(storage.getItem(localDraftKey('acc-1'))).toBeNull();
    storage.setItem(localDraftKey('acc-1'), '{"version":1,');
    expect(readLocalDraft(storage, 'acc-1', emptyDraft())).toBeNull();
    storage.setItem(localDraftKey('acc-1'), JSON.stringify({ version: 2 }));
    expect(readLocalDraft(storage, 'acc-1', emptyDraft())).toBeNull();
  });
});

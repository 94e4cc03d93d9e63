import { describe, expect, it } from 'vitest';
import { domainEventSchema } from '../catalogue';
import { defaultCardContent } from './content';

describe('CardPublished', () => {
  it('reads a card published before issue 17 with the new fields at their defaults', () => {
    const {
      whatsapp_greeting: _greeting,
      opening_hours: _hours,
      emergency_callout: _callout,
      areas_covered: _areas,
      credentials: _credentials,
      quotes_enabled: _quotes,
      ...before
    } = { ...defaultCardContent(), full_name: 'Dana Pipe' };
    const event = domainEventSchema.parse({
      type: 'CardPublished',
      data: { accountId: 'a1', content: before },
    });
    expect(event.data).toEqual({
      accountId: 'a1',
      content: { ...defaultCardContent(), full_name: 'Dana Pipe' },
    });
  });
});

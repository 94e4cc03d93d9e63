import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { DomainError } from '../errors';
import { defaultCardContent } from './content';
import { type CardCommand, cardDecider, NO_CHANGES, NOTHING_TO_SHOW, TRIAL_OVER } from './decider';
import type { CardEvent } from './events';

const now = new Date('2026-11-22T10:00:00Z');
const content = { ...defaultCardContent(), full_name: 'Dana Pipe', phone_number: '07700 900123' };
const published: CardEvent = { type: 'CardPublished', data: { accountId: 'a1', content } };
const publish = (over: Partial<CardCommand> = {}): CardCommand => ({
  type: 'PublishCard',
  accountId: 'a1',
  content,
  accountMayPublish: true,
  ...over,
});

const given = deciderSpec(cardDecider, { now });

describe('card decider', () => {
  it('publishes the first card', () => {
    given().when(publish()).then([published]);
  });

  it('refuses to publish identical content again, with the spec’s words', () => {
    given(published).when(publish()).thenThrows(DomainError, NO_CHANGES);
    expect(NO_CHANGES).toBe("You haven't made any changes.");
  });

  it('publishes changed content', () => {
    const changed = { ...content, bio: 'Gas Safe registered.' };
    given(published)
      .when(publish({ content: changed }))
      .then([{ type: 'CardPublished', data: { accountId: 'a1', content: changed } }]);
  });

  it('erases a published card once, and nothing when there is none', () => {
    const erased: CardEvent = { type: 'CardErased', data: { accountId: 'a1' } };
    given(published).when({ type: 'EraseCard', accountId: 'a1' }).then([erased]);
    given(published, erased).when({ type: 'EraseCard', accountId: 'a1' }).thenNothing();
    given().when({ type: 'EraseCard', accountId: 'a1' }).thenNothing();
  });

  it('refuses when the account may not publish (trial over, no subscription)', () => {
    given(published)
      .when(publish({ accountMayPublish: false, content: { ...content, bio: 'x' } }))
      .thenThrows(DomainError, TRIAL_OVER);
  });

  it('refuses a first card that would show nothing, saying what to add', () => {
    const lookOnly = { ...defaultCardContent(), page_theme: 'dark' as const };
    given()
      .when(publish({ content: lookOnly }))
      .thenThrows(DomainError, NOTHING_TO_SHOW);
    // Content in a hidden section shows nothing either, and the quote button is no content.
    const hidden = { ...content, show_about_me_section: false, show_contact_section: false };
    given()
      .when(publish({ content: hidden }))
      .thenThrows(DomainError, NOTHING_TO_SHOW);
    expect(NOTHING_TO_SHOW).toMatch(/^Your page has nothing to show yet\. Add /);
  });

  it('publishes a card emptied after its first publish: its page is then not set up (issue 28)', () => {
    for (const emptied of [
      { ...content, show_about_me_section: false, show_contact_section: false },
      { ...defaultCardContent(), page_theme: 'dark' as const },
    ])
      given(published)
        .when(publish({ content: emptied }))
        .then([{ type: 'CardPublished', data: { accountId: 'a1', content: emptied } }]);
  });
});

import { describe, expect, it } from 'vitest';
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

function given(...events: CardEvent[]) {
  const state = events.reduce(cardDecider.evolve, cardDecider.initialState());
  return { when: (command: CardCommand) => () => cardDecider.decide(command, state, now) };
}

describe('card decider', () => {
  it('publishes the first card', () => {
    expect(given().when(publish())()).toEqual([published]);
  });

  it('refuses to publish identical content again, with the spec’s words', () => {
    expect(given(published).when(publish())).toThrow(NO_CHANGES);
    expect(NO_CHANGES).toBe("You haven't made any changes.");
  });

  it('publishes changed content', () => {
    const changed = { ...content, bio: 'Gas Safe registered.' };
    expect(given(published).when(publish({ content: changed }))()).toEqual([
      { type: 'CardPublished', data: { accountId: 'a1', content: changed } },
    ]);
  });

  it('erases a published card once, and nothing when there is none', () => {
    const erased: CardEvent = { type: 'CardErased', data: { accountId: 'a1' } };
    expect(given(published).when({ type: 'EraseCard', accountId: 'a1' })()).toEqual([erased]);
    expect(given(published, erased).when({ type: 'EraseCard', accountId: 'a1' })()).toEqual([]);
    expect(given().when({ type: 'EraseCard', accountId: 'a1' })()).toEqual([]);
  });

  it('refuses when the account may not publish (trial over, no subscription)', () => {
    expect(
      given(published).when(publish({ accountMayPublish: false, content: { ...content, bio: 'x' } })),
    ).toThrow(TRIAL_OVER);
  });

  it('refuses a card that would show nothing, saying what to add', () => {
    const lookOnly = { ...defaultCardContent(), page_theme: 'dark' as const };
    expect(given().when(publish({ content: lookOnly }))).toThrow(NOTHING_TO_SHOW);
    // Content in a hidden section shows nothing either.
    const hidden = { ...content, show_about_me_section: false, show_contact_section: false };
    expect(given(published).when(publish({ content: hidden }))).toThrow(NOTHING_TO_SHOW);
    expect(NOTHING_TO_SHOW).toMatch(/^Your page has nothing to show yet\. Add /);
  });
});

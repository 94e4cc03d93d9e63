import { describe, expect, it } from 'vitest';
import { defaultWhatsappGreeting, whatsappGreeting } from './display';

describe('the WhatsApp greeting', () => {
  it.each([
    ['Sam Taylor', 'Hello Sam, I found your page and I’d like to ask about a job.'],
    ['  Dana   Pipe, plumber ', 'Hello Dana, I found your page and I’d like to ask about a job.'],
    ['Dana, plumber', 'Hello Dana, I found your page and I’d like to ask about a job.'],
    ['Mr Taylor', 'Hello Mr Taylor, I found your page and I’d like to ask about a job.'],
    ['Dr. Ann Lee', 'Hello Dr. Ann, I found your page and I’d like to ask about a job.'],
    ['', 'Hello, I found your page and I’d like to ask about a job.'],
  ])('greets %j by first name by default', (fullName, greeting) => {
    expect(defaultWhatsappGreeting(fullName)).toBe(greeting);
  });

  it('is the owner’s own when they wrote one, else the default', () => {
    expect(whatsappGreeting({ whatsapp_greeting: ' Hi Sam! ', full_name: 'Sam Taylor' })).toBe('Hi Sam!');
    expect(whatsappGreeting({ whatsapp_greeting: '  ', full_name: 'Sam Taylor' })).toBe(
      defaultWhatsappGreeting('Sam Taylor'),
    );
  });
});

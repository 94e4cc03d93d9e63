import { describe, expect, it } from 'vitest';
import { MAX_CSV_ROWS, readInviteCsv } from './invite-csv';

describe('a CSV of invitations', () => {
  it('reads a name and an address in either order, or an address alone, skipping the headings', () => {
    const csv =
      '\uFEFFName,Email\r\nSam Spanner,Sam@Example.com\r\nkit@example.com,"Kit, the apprentice"\nlee@example.com\n\n';
    expect(readInviteCsv(csv)).toEqual({
      invitees: [
        { line: 2, name: 'Sam Spanner', email: 'sam@example.com' },
        { line: 3, name: 'Kit, the apprentice', email: 'kit@example.com' },
        { line: 4, name: null, email: 'lee@example.com' },
      ],
      refused: [],
    });
    // Spreadsheets in Europe write semicolons; a quote inside a quoted name is doubled.
    expect(readInviteCsv('"Jo ""JJ"" Joiner";jo@example.com').invitees).toEqual([
      { line: 1, name: 'Jo "JJ" Joiner', email: 'jo@example.com' },
    ]);
  });

  it('refuses each bad line by its number, saying why, and keeps the good ones', () => {
    const csv = [
      'Sam,sam@example.com',
      'Kit,not-an-address@',
      'Lee',
      'Two,one@example.com,two@example.com',
      'Again,SAM@example.com',
      `${'x'.repeat(81)},long@example.com`,
      'Jo,jo@example.com',
    ].join('\n');
    const { invitees, refused } = readInviteCsv(csv);
    expect(invitees.map((invitee) => invitee.email)).toEqual(['sam@example.com', 'jo@example.com']);
    expect(refused.map(({ line, error }) => [line, error])).toEqual([
      [2, '“not-an-address@” isn’t a valid email address.'],
      [3, 'Each line needs one email address, and a name beside it if you like.'],
      [4, 'Each line needs one email address, and a name beside it if you like.'],
      [5, 'sam@example.com is on an earlier line already.'],
      [6, 'Please keep the name to 80 characters.'],
    ]);
  });

  it(`stops at ${MAX_CSV_ROWS} people, refusing the rest`, () => {
    const csv = Array.from({ length: MAX_CSV_ROWS + 2 }, (_, i) => `p${i}@example.com`).join('\n');
    const { invitees, refused } = readInviteCsv(csv);
    expect(invitees).toHaveLength(MAX_CSV_ROWS);
    expect(refused.map((refusal) => refusal.line)).toEqual([MAX_CSV_ROWS + 1, MAX_CSV_ROWS + 2]);
  });
});

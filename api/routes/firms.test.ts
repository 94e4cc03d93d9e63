import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_CANNOT_LEAVE, ADMIN_ONLY, INVITE_FOR_ANOTHER, INVITE_USED } from '../../events/firm/decider';
import { firmOfAccount } from '../../events/firm/firms-read-model';
import { ALREADY_IN_A_FIRM } from '../../events/firm/membership';
import { CARD_NOT_FOUND, NOT_IN_THE_FIRM } from '../../events/nfc-card/decider';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { buyCardsAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { accountIdOf } from '../../tests/support/visits/stats';
import { firmCards } from '../firms/cards';
import { slugOf } from '../firms/firms';
import { joinPath } from '../firms/invitations';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** The invitation's link as the mail gives it: its token. */
async function invitationTo(email: string) {
  const mail = await t.lastMailTo(email);
  const token = /\/join\/([^\s"<]+)/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no join link in: ${mail.text}`);
  // The link as api/firms/invitations.ts writes it, on the site's address.
  expect(mail.text).toContain(`https://tradecard.test${joinPath(decodeURIComponent(token))}`);
  return decodeURIComponent(token);
}

/** Dana's firm, with Sam invited and joined: the tokens and the firm's id. */
async function firmWithSam() {
  const dana = await t.signUp('dana');
  const created = await t.call('POST', '/api/firms', { name: 'Pipe & Sons Plumbing' }, dana);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const firmId = created.body.data.id as string;
  const sam = await t.signUp('sam');
  expect(
    (await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'Sam@Example.com' }, dana)).status,
  ).toBe(201);
  const joined = await t.call('POST', `/api/firms/join/${await invitationTo('sam@example.com')}`, {}, sam);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { dana, sam, firmId };
}

describe('firms: /api/firms', () => {
  it('is created by an account, its admin, with a slug from its name', async () => {
    const dana = await t.signUp('dana');
    const created = await t.call('POST', '/api/firms', { name: 'Pipe & Sons Plumbing' }, dana);
    expect(created.body.data).toMatchObject({
      name: 'Pipe & Sons Plumbing',
      slug: 'pipe-and-sons-plumbing',
      youAreAdmin: true,
      members: [{ username: 'dana', admin: true }],
      invites: [],
    });
    expect((await t.call('GET', '/api/firms/mine', undefined, dana)).body.data.slug).toBe(
      'pipe-and-sons-plumbing',
    );
    // Another firm of the same name gets a slug of its own.
    const sam = await t.signUp('sam');
    expect((await t.call('POST', '/api/firms', { name: 'Pipe & Sons Plumbing' }, sam)).body.data.slug).toBe(
      'pipe-and-sons-plumbing-2',
    );
    // One firm an account.
    expect(await t.call('POST', '/api/firms', { name: 'Another' }, dana)).toMatchObject({
      status: 409,
      body: { error: ALREADY_IN_A_FIRM },
    });
    expect(await t.call('POST', '/api/firms', { name: ' ' }, dana)).toMatchObject({ status: 400 });
    expect((await t.call('POST', '/api/firms', { name: 'X' })).status).toBe(401);
  });

  it('invites by email; only the address invited joins, once; the admin sees the invitation used', async () => {
    const { dana, sam, firmId } = await firmWithSam();
    const firm = (await t.call('GET', `/api/firms/${firmId}`, undefined, dana)).body.data;
    expect(firm.members.map((member: { username: string }) => member.username)).toEqual(['dana', 'sam']);
    expect(firm.invites).toEqual([expect.objectContaining({ email: 'sam@example.com', used: true })]);
    // A member sees who is in it, not the invitations.
    expect((await t.call('GET', `/api/firms/${firmId}`, undefined, sam)).body.data).toMatchObject({
      youAreAdmin: false,
      invites: [],
    });
    const pat = await t.signUp('pat');
    await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'lee@example.com' }, dana);
    expect(
      await t.call('POST', `/api/firms/join/${await invitationTo('lee@example.com')}`, {}, pat),
    ).toMatchObject({
      status: 403,
      body: { error: INVITE_FOR_ANOTHER },
    });
    expect(await t.call('POST', `/api/firms/join/${firmId}.guess`, {}, pat)).toMatchObject({ status: 404 });
    expect(await t.call('POST', '/api/firms/join/nonsense', {}, pat)).toMatchObject({ status: 404 });
    expect((await t.call('GET', `/api/firms/${firmId}`, undefined, pat)).status).toBe(404);
    expect(await firmOfAccount(t.db, await accountIdOf(t.db, 'sam'))).toMatchObject({
      firm_id: firmId,
    });
  });

  it("shows the invitation's page, signed out, what the link is for and whether it can still be used", async () => {
    const dana = await t.signUp('dana');
    const firmId = (await t.call('POST', '/api/firms', { name: 'Pipe & Sons' }, dana)).body.data.id;
    await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'lee@example.com' }, dana);
    const token = await invitationTo('lee@example.com');
    const preview = await t.call('GET', `/api/firms/join/${encodeURIComponent(token)}`);
    expect(preview).toMatchObject({
      status: 200,
      body: {
        data: { firmName: 'Pipe & Sons', adminName: 'Dana Pipe', email: 'lee@example.com', status: 'open' },
      },
    });
    expect((await t.call('GET', `/api/firms/join/${firmId}.guess`)).status).toBe(404);
    expect((await t.call('GET', '/api/firms/join/nonsense')).body.error).toMatch(/isn’t one we know/);
    const lee = await t.signUp('lee');
    await t.call('POST', `/api/firms/join/${encodeURIComponent(token)}`, {}, lee);
    expect((await t.call('GET', `/api/firms/join/${encodeURIComponent(token)}`)).body.data.status).toBe(
      'used',
    );
    await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'kit@example.com' }, dana);
    const late = await invitationTo('kit@example.com');
    t.advance(15 * 86_400_000);
    expect((await t.call('GET', `/api/firms/join/${encodeURIComponent(late)}`)).body.data.status).toBe(
      'expired',
    );
  });

  it('invites a team from a spreadsheet: each line invited or refused by its number, saying why', async () => {
    const { dana, sam, firmId } = await firmWithSam();
    const csv =
      'Name,Email\nKit Apprentice,kit@example.com\nLee,not-an-address\n"Jo, Joiner",jo@example.com\n';
    const sent = await t.call('POST', `/api/firms/${firmId}/invites/csv`, { csv }, dana);
    expect(sent).toMatchObject({
      status: 201,
      body: {
        message: 'We’ve emailed 2 invitations; 1 line was not sent: see why beside each.',
        invited: [
          { line: 2, email: 'kit@example.com' },
          { line: 4, email: 'jo@example.com' },
        ],
        refused: [{ line: 3, error: 'Each line needs one email address, and a name beside it if you like.' }],
      },
    });
    expect((await t.lastMailTo('jo@example.com')).text).toMatch(/Hi Jo, Joiner|Jo, Joiner/);
    const firm = (await t.call('GET', `/api/firms/${firmId}`, undefined, dana)).body.data;
    expect(firm.invites.map((invite: { email: string }) => invite.email).sort()).toEqual([
      'jo@example.com',
      'kit@example.com',
      'sam@example.com',
    ]);
    // Only the admin sends a sheet; nothing of it is read for anyone else.
    expect(await t.call('POST', `/api/firms/${firmId}/invites/csv`, { csv }, sam)).toMatchObject({
      status: 403,
      body: { error: ADMIN_ONLY },
    });
    expect((await t.call('POST', `/api/firms/${firmId}/invites/csv`, {}, dana)).body.error).toMatch(/csv/);
  });

  it('lets only the admin invite, remove and hand over', async () => {
    const { sam, firmId } = await firmWithSam();
    expect(
      await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'x@example.com' }, sam),
    ).toMatchObject({
      status: 403,
      body: { error: ADMIN_ONLY },
    });
    const danaId = await accountIdOf(t.db, 'dana');
    expect(await t.call('DELETE', `/api/firms/${firmId}/members/${danaId}`, undefined, sam)).toMatchObject({
      status: 403,
    });
    expect(
      await t.call('POST', `/api/firms/${firmId}/admin`, { accountId: await accountIdOf(t.db, 'sam') }, sam),
    ).toMatchObject({ status: 403, body: { error: ADMIN_ONLY } });
    const stranger = await t.signUp('stranger');
    expect(
      (await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'y@example.com' }, stranger)).status,
    ).toBe(404);
  });

  it('removes a member, who may then start or join another; the admin hands over before leaving', async () => {
    const { dana, sam, firmId } = await firmWithSam();
    const samId = await accountIdOf(t.db, 'sam');
    expect(await t.call('POST', `/api/firms/${firmId}/leave`, {}, dana)).toMatchObject({
      status: 409,
      body: { error: ADMIN_CANNOT_LEAVE },
    });
    expect((await t.call('POST', `/api/firms/${firmId}/admin`, { accountId: samId }, dana)).status).toBe(200);
    expect((await t.call('POST', `/api/firms/${firmId}/leave`, {}, dana)).status).toBe(200);
    expect((await t.call('GET', '/api/firms/mine', undefined, dana)).body.data).toBeNull();
    expect((await t.call('GET', '/api/firms/mine', undefined, sam)).body.data).toMatchObject({
      youAreAdmin: true,
      members: [{ username: 'sam', admin: true }],
    });
    expect((await t.call('POST', '/api/firms', { name: 'Dana Solo' }, dana)).status).toBe(201);
  });

  it('an invitation is used once, even after its member left', async () => {
    const { dana, sam, firmId } = await firmWithSam();
    const token = await invitationTo('sam@example.com');
    const samId = await accountIdOf(t.db, 'sam');
    expect((await t.call('DELETE', `/api/firms/${firmId}/members/${samId}`, undefined, dana)).status).toBe(
      200,
    );
    expect(await t.call('POST', `/api/firms/join/${token}`, {}, sam)).toMatchObject({
      status: 409,
      body: { error: INVITE_USED },
    });
  });

  it('goes on when its admin deletes their account: the role passes to the longest-standing member', async () => {
    const { dana, sam, firmId } = await firmWithSam();
    const deleted = await t.call('DELETE', '/api/profile', undefined, dana);
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect((await t.call('GET', `/api/firms/${firmId}`, undefined, sam)).body.data).toMatchObject({
      youAreAdmin: true,
      members: [{ username: 'sam', admin: true }],
    });
  });

  it('forgets the address it invited once that person deletes their account, joined or not', async () => {
    const { dana, sam, firmId } = await firmWithSam();
    await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'Sam@Example.com', name: 'Sam' }, dana);
    expect((await t.call('DELETE', '/api/profile', undefined, sam)).status).toBeLessThan(300);
    const invites = (await t.call('GET', `/api/firms/${firmId}`, undefined, dana)).body.data.invites;
    expect(invites.map((invite: { email: string }) => invite.email)).toEqual(['[erased]', '[erased]']);
    const log = await t.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `firm-${firmId}`)
      .where('type', '=', 'MemberInvited')
      .execute();
    expect(log.map((row) => row.data).join()).not.toMatch(/sam@example\.com/i);
  });

  it('makes a slug a person can type', () => {
    expect(slugOf('Pipe & Sons Plumbing Ltd.')).toBe('pipe-and-sons-plumbing-ltd');
    expect(slugOf('Élan Électriques')).toBe('elan-electriques');
    expect(slugOf('!!!')).toBe('firm');
  });
});

describe("a firm's NFC cards (issue 32)", () => {
  it("lets the admin move a member's card to another member: /c/<code> opens the new holder's page at once", async () => {
    const { dana, sam, firmId } = await firmWithSam();
    await buyCardsAtHostedCheckout(t, sam, 1);
    for (const [token, full_name] of [
      [sam, 'Sam Spanner'],
      [dana, 'Dana Pipe'],
    ] as const)
      await t.call(
        'POST',
        '/api/business-card/create_business_card',
        { full_name, phone_number: '07700 900123' },
        token,
      );
    await catchUp(t.db, { ...t.renderTarget });
    const [card] = (await t.call('GET', `/api/firms/${firmId}/cards`, undefined, dana)).body.data;
    expect(card).toMatchObject({ status: 'active', holder: { username: 'sam' } });
    // Only the admin sees the firm's cards; the member sees their own on /api/nfc-cards as ever.
    expect((await t.call('GET', `/api/firms/${firmId}/cards`, undefined, sam)).body.data).toEqual([]);
    expect(await firmCards(t.db, 'https://tradecard.test', firmId, await accountIdOf(t.db, 'sam'))).toEqual(
      [],
    );
    const tapped = async () => (await t.app.request(`/c/${card.code}`)).text();
    expect(await tapped()).toContain('Sam Spanner');

    const danaId = await accountIdOf(t.db, 'dana');
    const moved = await t.call(
      'POST',
      `/api/firms/${firmId}/cards/${card.code}/reassign`,
      { to: danaId },
      dana,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ code: card.code, holder: { username: 'dana' } });
    expect(await tapped()).toContain('Dana Pipe');
    expect((await t.call('GET', '/api/nfc-cards', undefined, sam)).body.data).toEqual([]);
    expect((await t.call('GET', '/api/nfc-cards', undefined, dana)).body.data).toHaveLength(1);
  });

  it('keeps a card inside the firm, and lets no member but the admin move one', async () => {
    const { dana, sam, firmId } = await firmWithSam();
    await buyCardsAtHostedCheckout(t, sam, 1);
    const [card] = (await t.call('GET', '/api/nfc-cards', undefined, sam)).body.data;
    const outsider = await t.signUp('olive');
    const to = async (username: string) => ({ to: await accountIdOf(t.db, username) });
    const path = `/api/firms/${firmId}/cards/${card.code}/reassign`;
    expect(await t.call('POST', path, await to('olive'), dana)).toMatchObject({
      status: 400,
      body: { error: NOT_IN_THE_FIRM },
    });
    expect(await t.call('POST', path, await to('dana'), sam)).toMatchObject({
      status: 404,
      body: { error: CARD_NOT_FOUND },
    });
    // Someone outside the firm learns nothing of it.
    expect((await t.call('POST', path, await to('olive'), outsider)).status).toBe(404);
    expect((await t.call('POST', path, {}, dana)).body.error).toMatch(/Say which member/);
    // A card of someone outside the firm isn't the firm's to take.
    await buyCardsAtHostedCheckout(t, outsider, 1);
    const [theirs] = (await t.call('GET', '/api/nfc-cards', undefined, outsider)).body.data;
    expect(
      await t.call('POST', `/api/firms/${firmId}/cards/${theirs.code}/reassign`, await to('sam'), dana),
    ).toMatchObject({ status: 404, body: { error: CARD_NOT_FOUND } });
  });
});

describe("a firm's brand (issue 32)", () => {
  const brand = (locked: string[]) => ({
    values: {
      business_card_name: 'Pipe & Sons',
      button_bg_color: '#0a5c36',
      button_text_color: 'white',
      style: 'Montserrat',
      page_theme: 'dark',
    },
    locked,
  });
  const pageOf = async (username: string) => {
    await catchUp(t.db, { ...t.renderTarget });
    return (await t.app.request(`/u/${username}`)).text();
  };

  it("shows the locked parts on every member's page, leaves the rest the member's own, and follows the admin's changes", async () => {
    const { dana, sam, firmId } = await firmWithSam();
    for (const token of [dana, sam])
      await t.call(
        'POST',
        '/api/business-card/create_business_card',
        { full_name: 'Own Name', button_bg_color: '#FF0000', style: 'Poppins' },
        token,
      );
    expect(await pageOf('sam')).toContain('#FF0000');

    const set = await t.call('PUT', `/api/firms/${firmId}/brand`, brand(['colours']), dana);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.brand).toMatchObject({
      locked: ['colours'],
      values: { button_bg_color: '#0A5C36' },
    });
    for (const username of ['sam', 'dana']) {
      const html = await pageOf(username);
      expect(html).toContain('#0A5C36');
      expect(html).not.toContain('#FF0000');
      // The font wasn't locked: still the member's own.
      expect(html).toContain('Poppins');
    }
    // The editor is told what is locked and by whom; the member's own choice is kept beneath it.
    const mine = (await t.call('GET', '/api/business-card/my_card', undefined, sam)).body.data;
    expect(mine.button_bg_color).toBe('#FF0000');
    expect(mine.firmBrand).toMatchObject({ firmName: 'Pipe & Sons Plumbing', locked: ['colours'] });
    // The public card API says what the page shows.
    expect((await t.call('GET', '/api/business-card/by_username/sam')).body.data.button_bg_color).toBe(
      '#0A5C36',
    );
    // So do the pages drawn per request in the page's colours: the quote form.
    expect(await (await t.app.request('/u/sam/quote')).text()).toContain('#0A5C36');

    await t.call('PUT', `/api/firms/${firmId}/brand`, brand(['colours', 'font']), dana);
    expect(await pageOf('sam')).toContain('Montserrat');

    // Out of the firm, the page is the member's own again.
    await t.call('POST', `/api/firms/${firmId}/leave`, {}, sam);
    const own = await pageOf('sam');
    expect(own).toContain('#FF0000');
    expect(own).not.toContain('#0A5C36');
  });

  it('is set by the admin alone, with each value checked', async () => {
    const { sam, dana, firmId } = await firmWithSam();
    expect(await t.call('PUT', `/api/firms/${firmId}/brand`, brand([]), sam)).toMatchObject({
      status: 403,
      body: { error: ADMIN_ONLY },
    });
    const wrong = { ...brand(['everything']), values: { ...brand([]).values, button_bg_color: 'green' } };
    const refused = await t.call('PUT', `/api/firms/${firmId}/brand`, wrong, dana);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/#RRGGBB|Lock any of/);
  });
});

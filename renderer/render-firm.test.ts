import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../tests/support/api/app';
import { catchUp } from './projector';
import { rebuildProfiles } from './rebuild';
import { renderFirm } from './render-firm';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const publish = async (token: string, fields: Record<string, string>) => {
  const published = await t.publishForm(token, Object.entries(fields));
  expect(published.status, JSON.stringify(published.body)).toBe(200);
};

/** Dana's firm with Sam in it (and Kit invited and joined, but with no page yet); its slug. */
async function firm() {
  const dana = await t.signUp('dana');
  await publish(dana, { full_name: 'Dana Pipe', job_title: 'Gas engineer', phone_number: '07700 900123' });
  const created = await t.call('POST', '/api/firms', { name: 'Pipe & Sons <Plumbing>' }, dana);
  const firmId = created.body.data.id as string;
  const join = async (username: string) => {
    const token = await t.signUp(username);
    await t.call('POST', `/api/firms/${firmId}/invites`, { email: `${username}@example.com` }, dana);
    const link = /\/join\/([^\s"<]+)/.exec((await t.lastMailTo(`${username}@example.com`)).text ?? '')?.[1];
    expect(
      (await t.call('POST', `/api/firms/join/${decodeURIComponent(link ?? '')}`, {}, token)).status,
    ).toBe(200);
    return token;
  };
  const sam = await join('sam');
  await publish(sam, { full_name: 'Sam Spanner', job_title: 'Plumber', phone_number: '07700 900456' });
  await join('kit');
  await catchUp(t.db, { ...t.renderTarget });
  return { dana, sam, slug: created.body.data.slug as string };
}

const firmPage = async (slug: string) => {
  const response = await t.app.request(`/f/${slug}`);
  return { status: response.status, html: await response.text(), headers: response.headers };
};

describe("a firm's page, /f/<slug> (issue 32)", () => {
  it('lists the members whose pages are live, the admin first, with the firm’s contact, and no script', async () => {
    const { slug } = await firm();
    const { status, html, headers } = await firmPage(slug);
    expect(status).toBe(200);
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('<h1>Pipe &amp; Sons &lt;Plumbing&gt;</h1>');
    expect(html).not.toContain('<Plumbing>');
    expect(html).not.toMatch(/<script/i);
    const dana = html.indexOf('https://tradecard.test/u/dana');
    const sam = html.indexOf('https://tradecard.test/u/sam');
    expect(dana).toBeGreaterThan(0);
    expect(sam).toBeGreaterThan(dana);
    expect(html).toContain('Gas engineer');
    // Kit has no page yet: a link would open nothing.
    expect(html).not.toContain('/u/kit');
    expect(html).toContain('href="tel:+447700900123"');
    expect(html).toContain('href="https://tradecard.test/u/dana/quote"');
    // Answered compressed, as a profile's page is: every representation was written at render time.
    const gzip = await t.app.request(`/f/${slug}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it("follows its members: a member's new name and a leaver each change it", async () => {
    const { dana, sam, slug } = await firm();
    await publish(sam, { full_name: 'Samira Spanner', phone_number: '07700 900456' });
    await catchUp(t.db, { ...t.renderTarget });
    expect((await firmPage(slug)).html).toContain('Samira Spanner');

    const firmId = (await t.call('GET', '/api/firms/mine', undefined, dana)).body.data.id;
    await t.call('POST', `/api/firms/${firmId}/leave`, {}, sam);
    await catchUp(t.db, { ...t.renderTarget });
    expect((await firmPage(slug)).html).not.toContain('/u/sam');
  });

  it("sends the firm page's quote requests to the member the admin chooses", async () => {
    const { dana, slug } = await firm();
    const firmId = (await t.call('GET', '/api/firms/mine', undefined, dana)).body.data.id;
    const samId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'sam').executeTakeFirstOrThrow()
    ).id;
    const chosen = await t.call('PUT', `/api/firms/${firmId}/quotes`, { accountId: samId }, dana);
    expect(chosen.body.data.quotesTo).toBe(samId);
    await catchUp(t.db, { ...t.renderTarget });
    const { html } = await firmPage(slug);
    expect(html).toContain('href="https://tradecard.test/u/sam/quote"');
    expect(html).not.toContain('/u/dana/quote');
    // The firm's number is still the admin's.
    expect(html).toContain('href="tel:+447700900123"');
  });

  it('is written again by a full rebuild, and an unknown slug is a 404', async () => {
    const { slug } = await firm();
    const before = (await firmPage(slug)).html;
    await t.renderTarget.storage.delete(`f/${slug}/index.html`);
    await rebuildProfiles(t.db, { ...t.renderTarget });
    expect((await firmPage(slug)).html).toBe(before);
    // Rendered again with nothing changed, it writes nothing; a firm that doesn't exist has no page to write.
    const firmId = (await t.db.selectFrom('firms').select('firm_id').executeTakeFirstOrThrow()).firm_id;
    expect(await renderFirm(t.db, firmId, { ...t.renderTarget })).toBe(false);
    expect(await renderFirm(t.db, 'no-such-firm', { ...t.renderTarget })).toBe(false);
    expect((await firmPage('no-such-firm')).status).toBe(404);
    expect((await firmPage('..%2Fu%2Fdana')).status).toBe(404);
  });
});

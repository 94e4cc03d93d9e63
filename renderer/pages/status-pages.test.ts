import { describe, expect, it } from 'vitest';
import { renderCardNotInUsePage } from './card-not-in-use-page';
import { renderNoLongerInUsePage } from './no-longer-in-use-page';
import { renderNotFoundPage } from './not-found-page';
import { renderNotLivePage } from './not-live-page';
import { renderNotSetUpPage } from './not-set-up-page';
import { renderUnknownCardPage } from './unknown-card-page';

const input = { username: 'dave', siteName: 'TradeCard' };

describe.each([
  ['not live', renderNotLivePage],
  ['not set up', renderNotSetUpPage],
  ['not found', renderNotFoundPage],
  ['no longer in use', renderNoLongerInUsePage],
  ['card not in use', renderCardNotInUsePage],
])('the %s page', (_, render) => {
  const html = render(input);

  it('is a complete document with no script, kept out of search results', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<meta name="viewport"');
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html.match(/<main/g)).toHaveLength(1);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('<a href="/">TradeCard</a>');
  });
});

describe('renderNotLivePage', () => {
  const html = renderNotLivePage(input);

  it('says why the profile is not live and what to do', () => {
    expect(html).toContain('<title>This profile isn’t live yet | TradeCard</title>');
    expect(html).toContain('<h1>This profile isn’t live yet</h1>');
    expect(html).toContain('No content published yet');
    expect(html).toContain('Access expired');
    expect(html).toContain('The free trial may have ended or a subscription is required.');
    expect(html).toContain('<a href="/myprofile">Create / Edit My Profile</a>');
    expect(html).toContain('<a href="/contactus">Contact us</a>');
  });
});

describe('renderNotSetUpPage', () => {
  it('names the user who has not published yet', () => {
    const html = renderNotSetUpPage(input);
    expect(html).toContain('<h1>This profile isn’t set up yet</h1>');
    expect(html).toContain('<p>@dave hasn’t published any content here yet</p>');
  });
});

describe('renderNoLongerInUsePage', () => {
  it('says the card is gone and names nothing of its former owner', () => {
    const html = renderNoLongerInUsePage(input);
    expect(html).toContain('<h1>This card is no longer in use</h1>');
    expect(html).not.toContain('dave');
    expect(html).not.toContain('/myprofile');
  });
});

describe('renderCardNotInUsePage', () => {
  it('says the card is no longer in use, and names or links nothing of its owner', () => {
    const html = renderCardNotInUsePage({ siteName: 'TradeCard' });
    expect(html).toContain('<title>This card is no longer in use | TradeCard</title>');
    expect(html).toContain('<h1>This card is no longer in use</h1>');
    expect(html).not.toContain('/u/');
    expect(html).not.toContain('/myprofile');
    expect(html).not.toContain('.vcf');
    // The home page, in the page and in the footer: no other link at all.
    expect([...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map(([, href]) => href)).toEqual(['/', '/']);
  });
});

describe('renderNotFoundPage', () => {
  it('names the missing username in curly quotes and links home', () => {
    const html = renderNotFoundPage(input);
    expect(html).toContain('<h1>No business card found for “dave”</h1>');
    expect(html).toContain('<a href="/">Go to the home page</a>');
  });

  it('escapes the untrusted username from the URL', () => {
    const html = renderNotFoundPage({
      username: '<script>alert(1)</script>"><img src=x onerror=alert(1)>',
      siteName: 'TC',
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain(
      '“&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;”',
    );
  });

  it('shortens an absurdly long username', () => {
    const html = renderNotFoundPage({ username: 'a'.repeat(5000), siteName: 'TC' });
    expect(html).toContain(`“${'a'.repeat(64)}…”`);
    expect(html.length).toBeLessThan(5000);
  });
});

describe('renderUnknownCardPage', () => {
  it('says no card has the code, escaped and cut short, and how to get help', () => {
    const html = renderUnknownCardPage({ code: '<b>ZZZZZZZZZZZZZZZZZZZZ', siteName: 'TradeCard' });
    expect(html).toContain('No card has the code “&lt;b&gt;ZZZZZZZZZZZZZ…”');
    expect(html).not.toContain('<b>');
    expect(html).toContain('href="/contactus"');
    expect(html).not.toMatch(/<script/i);
  });
});

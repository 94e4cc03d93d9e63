import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { schemaOrgProblems } from '../support/renderer/schema-org';

test.describe('the public profile, as a customer on a phone meets it', () => {
  test('opens the sample profile with no script, and saves the number as a vCard', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto('/u/demo');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");

    await expect(page.getByRole('heading', { name: 'Taylor & Sons Bathrooms' })).toBeVisible();
    await expect(page.getByText('Full bathroom renovation')).toBeVisible();
    await expect(page.getByText('Bathroom renovation specialist')).toBeVisible();
    const save = page.getByRole('link', { name: 'Save My Number' });
    await expect(save).toBeInViewport();
    // The one script element is the JSON-LD data block, which nothing runs.
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    expect(scripts).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), save.click()]);
    const vcard = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(vcard).toContain('BEGIN:VCARD');
    expect(vcard).toContain('VERSION:3.0');
    expect(vcard).toContain('Sam Taylor');
    expect(vcard).toMatch(/TEL;TYPE=WORK[^:]*:/);
    expect(vcard).toContain('hello@taylorandsons.example');
  });

  test('tells search engines what the business is, in schema.org terms', async ({ page }) => {
    await page.goto('/u/demo');
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
    ) as Record<string, unknown>;
    expect(schemaOrgProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Taylor & Sons Bathrooms',
      url: expect.stringMatching(/\/u\/demo\/?$/),
      telephone: '+447700900123',
      openingHoursSpecification: expect.arrayContaining([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Saturday',
          opens: '09:00',
          closes: '13:00',
        },
      ]),
      areaServed: expect.arrayContaining([{ '@type': 'Place', name: 'Bristol' }]),
      memberOf: expect.arrayContaining([expect.objectContaining({ name: 'Gas Safe Register' })]),
    });
    expect(data).not.toHaveProperty('aggregateRating');
  });

  test('reports a click on Call, WhatsApp, Email or a social link to its own origin, by the browser alone (a[ping])', async ({
    context,
    baseURL,
  }) => {
    // No request leaves the machine: the social network and WhatsApp answer with a stand-in.
    for (const site of ['https://www.instagram.com/**', 'https://wa.me/**'])
      await context.route(site, (route) => route.fulfill({ status: 200, body: 'Stand-in' }));
    for (const [name, action] of [
      ['Instagram', 'instagram'],
      // Call and WhatsApp at the top of the page (issue 17); Contact has its own, reported the same.
      [/^Call$/, 'call'],
      [/^WhatsApp$/, 'whatsapp'],
      [/^Email/, 'email'],
    ] as const) {
      const page = await context.newPage();
      await page.goto('/u/demo');
      const link = page.getByRole('link', { name });
      const href = await link.getAttribute('href');
      const [ping] = await Promise.all([
        // The browser's own request, sent apart from the page's: the context reports every one, the page not all.
        context.waitForEvent('request', (request) => request.resourceType() === 'ping'),
        link.click({ noWaitAfter: true }),
      ]);
      expect(ping.url()).toBe(`${baseURL}/api/ping/demo/${action}`);
      expect(ping.method()).toBe('POST');
      expect(ping.headers()['ping-to']).toBe(href);
      await page.close();
    }
  });

  test('loads every image with its size and alt text, and the work carousel swipes without script', async ({
    page,
  }) => {
    await page.goto('/u/demo');
    const images = page.locator('img');
    const count = await images.count();
    expect(count).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < count; i++) {
      await images.nth(i).scrollIntoViewIfNeeded();
      await expect
        .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await images.nth(i).getAttribute('width')).not.toBeNull();
      expect(await images.nth(i).getAttribute('alt')).toBeTruthy();
    }
    // The sample shows its work as a carousel: CSS scroll-snap, swiped sideways, no script involved.
    const scrolled = await page.evaluate(() => {
      const carousel = [...document.querySelectorAll<HTMLElement>('*')].find((element) =>
        getComputedStyle(element).scrollSnapType.startsWith('x'),
      );
      if (!carousel || carousel.scrollWidth <= carousel.clientWidth) return null;
      carousel.scrollBy({ left: carousel.clientWidth, behavior: 'instant' });
      return carousel.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(0);
  });

  test('meets WCAG A/AA on the live page and on every status page', async ({ page, request }) => {
    // A new account has no trial yet, so its page is the not-live one.
    const registered = await request.post('/api/register', {
      data: { name: 'Nia Wire', email: 'nia@example.com', username: 'nia-wire', password: 'Sparky2026' },
    });
    expect(registered.status()).toBe(201);
    await expect.poll(async () => (await page.request.get('/u/nia-wire')).status()).toBe(200);
    await page.goto('/u/nia-wire');
    await expect(page.getByRole('heading', { name: 'This profile isn’t live yet' })).toBeVisible();

    for (const url of ['/u/demo', '/u/nia-wire', '/u/nobody-here']) {
      await page.goto(url);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(results.violations, `${url}: ${results.violations.map((v) => v.id).join(', ')}`).toEqual([]);
    }
  });

  test('shows the 404 page for an unknown name', async ({ page }) => {
    const response = await page.goto('/u/nobody-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('No business card found for “nobody-here”')).toBeVisible();
  });
});

import { devices, expect, type Page, test } from '@playwright/test';
import { signUp } from './accounts';
import { expectNoAxeViolations } from './axe';
import { openEditor, panel } from './editor-page';

/**
 * Issue 17's done-when for items 1, 3 and 4: the owner sets a WhatsApp greeting, the week's hours, an emergency
 * callout, the areas covered and two credentials in the editor and publishes; a customer's phone with JavaScript
 * off opens the page and taps Call (a valid tel:) and WhatsApp (a valid wa.me link carrying the greeting), and sees
 * the hours, the areas and the badges, on a page that runs no script.
 */

const OWNER = 'kim-spanner';
const PHONE = '07700 900456';
/** Characters a URL must encode: the link has to carry the greeting whole. */
const GREETING = 'Hi Kim, a dripping tap & a leak under the sink: 50% urgent? #thanks';
const LISTING = 'https://www.checkatrade.com/trades/kimspanner';

/** A time field of one day in the Opening hours panel. */
const time = (page: Page, day: string, which: 'Opens' | 'Closes') =>
  panel(page, 'Opening hours').getByLabel(`${day} ${which}`);

test('the owner fills in the sections that win jobs; a phone with no JavaScript calls and WhatsApps from the top', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openEditor(page, await signUp(request, OWNER));
  const preview = page.getByRole('region', { name: 'Preview of your page' });

  await panel(page, 'About Me').getByLabel('Full name').fill('Kim Spanner');
  const contact = panel(page, 'Contact');
  await contact.getByLabel('Phone').fill(PHONE);
  const greeting = contact.getByLabel('WhatsApp greeting');
  // Left empty, the chat opens with the default, which the field shows.
  await expect(greeting).toHaveAttribute(
    'placeholder',
    'Hello Kim, I found your page and I’d like to ask about a job.',
  );
  await greeting.fill(GREETING);
  await expect(contact.getByRole('switch', { name: /Quote requests/ })).toBeChecked();

  // The week: Monday opened and changed, Tuesday copies it, Saturday a morning; the rest stay closed.
  const hours = panel(page, 'Opening hours');
  await hours.getByRole('checkbox', { name: 'Monday' }).check();
  await expect(time(page, 'Monday', 'Opens')).toHaveValue('09:00');
  await time(page, 'Monday', 'Opens').fill('08:00');
  await time(page, 'Monday', 'Closes').fill('17:30');
  await hours.getByRole('checkbox', { name: 'Tuesday' }).check();
  await expect(time(page, 'Tuesday', 'Opens')).toHaveValue('08:00');
  await hours.getByRole('checkbox', { name: 'Saturday' }).check();
  await time(page, 'Saturday', 'Opens').fill('09:00');
  await time(page, 'Saturday', 'Closes').fill('13:00');

  const callout = panel(page, 'Emergency callout');
  await callout.getByRole('switch', { name: 'I come out for emergencies' }).check();
  await callout.getByLabel('Callout hours').fill('24/7');
  await callout.getByLabel('Note').fill('Burst pipe? Call any time.');

  const areas = panel(page, 'Areas covered');
  await areas.getByLabel('Add an area').fill('Leeds, ls6, <b>');
  await areas.getByLabel('Add an area').press('Enter');
  await expect(areas.getByRole('alert')).toContainText('“<b>” can’t be added.');
  await areas.getByLabel('Add an area').fill('Otley');
  await areas.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(areas.getByRole('list', { name: 'Areas you cover' }).getByRole('listitem')).toHaveText([
    /^Leeds/,
    /^LS6/,
    /^Otley/,
  ]);

  const credentials = panel(page, 'Trade credentials');
  await credentials.getByRole('button', { name: 'Add credential' }).click();
  await credentials.getByLabel('Credential 1 Scheme').selectOption('Gas Safe Register');
  await credentials.getByLabel('Credential 1 Licence number').fill('1234567');
  await credentials.getByRole('button', { name: 'Add credential' }).click();
  await credentials.getByLabel('Credential 2 Scheme').selectOption('Checkatrade');
  await credentials.getByLabel('Credential 2 Your listing’s link (optional)').fill(LISTING);

  // The live preview draws each as the page will.
  await expect(preview.getByRole('link', { name: 'WhatsApp', exact: true })).toBeVisible();
  await expect(preview.getByText('Emergency callout: 24/7')).toBeVisible();
  await expect(preview.getByText('Covers: Leeds, LS6, Otley')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'check it with Checkatrade' })).toHaveAttribute(
    'href',
    LISTING,
  );
  await expect(preview.getByRole('row', { name: /Saturday/ })).toContainText('09:00–13:00');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Publish Now' }).click();
  await expect(page.getByRole('status').getByText('Your page is Published!')).toBeVisible({
    timeout: 20_000,
  });

  // Back in the editor, every field is as published.
  await page.reload();
  await expect(panel(page, 'Contact').getByLabel('WhatsApp greeting')).toHaveValue(GREETING);
  await expect(time(page, 'Monday', 'Closes')).toHaveValue('17:30');
  await expect(panel(page, 'Opening hours').getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  await expect(panel(page, 'Trade credentials').getByLabel('Credential 1 Scheme')).toHaveValue('gas_safe');

  // A customer's phone, JavaScript off.
  const phone = await browser.newContext({ ...devices['Pixel 7'], javaScriptEnabled: false });
  // No request leaves the machine: WhatsApp answers with a stand-in.
  await phone.route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'WhatsApp' }));
  const scripts: string[] = [];
  phone.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  const live = await phone.newPage();
  await expect
    .poll(async () => {
      await live.goto(`/u/${OWNER}`);
      return live.getByRole('table', { name: 'Opening hours' }).count();
    })
    .toBe(1);

  const call = live.getByRole('link', { name: 'Call', exact: true });
  const whatsapp = live.getByRole('link', { name: 'WhatsApp', exact: true });
  await expect(call).toBeInViewport();
  await expect(whatsapp).toBeInViewport();
  await expect(call).toHaveAttribute('href', 'tel:+447700900456');
  const chat = new URL((await whatsapp.getAttribute('href')) ?? '');
  expect(`${chat.origin}${chat.pathname}`).toBe('https://wa.me/447700900456');
  expect(chat.searchParams.get('text')).toBe(GREETING);

  await expect(live.getByText('Emergency callout: 24/7')).toBeVisible();
  await expect(live.getByText('Burst pipe? Call any time.')).toBeVisible();
  await expect(live.getByText('Covers: Leeds, LS6, Otley')).toBeVisible();
  const hoursTable = live.getByRole('table', { name: 'Opening hours' });
  await expect(hoursTable.getByRole('row')).toHaveText([
    'Monday08:00–17:30',
    'Tuesday08:00–17:30',
    'WednesdayClosed',
    'ThursdayClosed',
    'FridayClosed',
    'Saturday09:00–13:00',
    'SundayClosed',
  ]);
  const badges = live.getByRole('list', { name: 'Trade credentials' }).getByRole('listitem');
  await expect(badges).toHaveText([
    'Gas Safe Register licence number 1234567Supplied by Kim Spanner; check it with Gas Safe Register',
    'CheckatradeSupplied by Kim Spanner; check it with Checkatrade',
  ]);
  await expect(badges.nth(0).getByRole('link')).toHaveAttribute(
    'href',
    'https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/',
  );
  await expect(badges.nth(1).getByRole('link')).toHaveAttribute('href', LISTING);

  // No script runs: any <script> is a JSON-LD data block.
  const types = await live.locator('script').evaluateAll((found) => found.map((s) => s.getAttribute('type')));
  expect(types.filter((type) => type !== 'application/ld+json')).toEqual([]);
  expect(scripts).toEqual([]);

  // Save My Number stays at the foot of the screen, at the top of the page and half way down.
  const save = live.getByRole('link', { name: 'Save My Number' });
  await expect(save).toBeInViewport();
  await live.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
  await expect(save).toBeInViewport();
  await live.evaluate(() => window.scrollTo(0, 0));

  // Tapping Call follows the tel: link, and the browser reports it (issue 16) with no script to help.
  const [callPing] = await Promise.all([
    phone.waitForEvent('request', (sent) => sent.resourceType() === 'ping'),
    call.click({ noWaitAfter: true }),
  ]);
  expect(callPing.url()).toBe(`${baseURL}/api/ping/${OWNER}/call`);
  expect(callPing.headers()['ping-to']).toBe('tel:+447700900456');

  // Tapping WhatsApp opens the chat with the greeting.
  const chatPage = await phone.newPage();
  await chatPage.goto(`/u/${OWNER}`);
  const [opened] = await Promise.all([
    phone.waitForEvent('request', (sent) => sent.url().startsWith('https://wa.me/')),
    chatPage.getByRole('link', { name: 'WhatsApp', exact: true }).click(),
  ]);
  expect(new URL(opened.url()).searchParams.get('text')).toBe(GREETING);
  await phone.close();
});

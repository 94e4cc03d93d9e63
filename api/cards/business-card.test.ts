import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';
import { listMedia } from '../../tests/support/media/stored';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.signUp('dana');
});
afterEach(async () => {
  await t.close();
});

const photo = jpegFile;

const publishForm = (entries: [string, string | File][], auth = token) => t.publishForm(auth, entries);

const basics: [string, string][] = [
  ['full_name', 'Dana Pipe'],
  ['job_title', 'Gas engineer'],
  ['phone_number', '0117 496 0456'],
];

describe('POST /api/business-card/create_business_card', () => {
  it('publishes a multipart card with photos, starting the 14-day trial', async () => {
    const published = await publishForm([
      ...basics,
      ['services', JSON.stringify([{ name: 'Boiler service', price: '£80' }])],
      ['section_order', JSON.stringify(['main', 'services', 'about'])],
      ['cover_photo', await photo('#204080', 1600, 900)],
      ['works', await photo('#aa3300')],
      ['works', await photo('#00aa33')],
    ]);
    expect(published.status).toBe(200);
    expect(published.body.message).toBe('Your page is Published!');
    expect(published.body.data).toMatchObject({
      full_name: 'Dana Pipe',
      services: [{ name: 'Boiler service', price: '£80' }],
      section_order: ['main', 'services', 'about', 'work', 'reviews', 'contact'],
      publicProfileUrl: 'https://tradecard.test/u/dana',
      qrCodeUrl: 'https://tradecard.test/u/dana/qr.png',
      isLive: true,
    });
    expect(published.body.data.cover_photo).toMatch(/^\/media\/[a-f0-9]{24}-1600\.webp$/);
    expect(published.body.data.works).toHaveLength(2);
    expect(Date.parse(published.body.data.trialExpires)).toBe(Date.parse('2026-12-06T09:00:00Z'));
    const files = listMedia(path.join(t.deps.publicDir, 'media'));
    expect(files.filter((f) => f.endsWith('.webp')).length).toBeGreaterThanOrEqual(9);
  });

  it('keeps the photos it names by address, and none it leaves out: a publish is the whole card', async () => {
    const first = await publishForm([
      ...basics,
      ['cover_photo', await photo()],
      ['works', await photo('#123456')],
    ]);
    const [coverUrl, workUrl] = [first.body.data.cover_photo, first.body.data.works[0]];
    const kept = await publishForm([
      ...basics,
      ['bio', 'Now with a bio'],
      ['cover_photo', coverUrl],
      ['cover_photo_removed', 'false'],
      ['existing_works', workUrl],
    ]);
    expect(kept.body.data).toMatchObject({ cover_photo: coverUrl, works: [workUrl] });
    const left = await publishForm([...basics, ['bio', 'Now with a bio'], ['existing_works', workUrl]]);
    expect(left.body.data).toMatchObject({ cover_photo: null, works: [workUrl] });
  });

  it('publishes work photos, stored and new, in the order they were sent under works', async () => {
    const first = await publishForm([
      ...basics,
      ['works', await photo('#112233')],
      ['works', await photo('#445566')],
    ]);
    const [a, b] = first.body.data.works as string[];
    const reordered = await publishForm([
      ...basics,
      ['works', b as string],
      ['works', await photo('#778899')],
      ['works', a as string],
    ]);
    expect(reordered.status).toBe(200);
    const works = reordered.body.data.works as string[];
    expect(works).toHaveLength(3);
    expect([works[0], works[2]]).toEqual([b, a]);
    expect(works[1]).not.toMatch(new RegExp(`^(${a}|${b})$`));
    // What was published is what my_card answers, in the same order.
    expect((await t.call('GET', '/api/business-card/my_card', undefined, token)).body.data.works).toEqual(
      works,
    );
  });

  it('refuses a card with nothing to show, saying what to add, and starts no trial', async () => {
    const response = await t.call(
      'POST',
      '/api/business-card/create_business_card',
      { page_theme: 'dark' },
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^Your page has nothing to show yet\. Add a heading, your name/);
    const profile = await t.call('GET', '/api/profile', undefined, token);
    expect(profile.body.data.trialExpires).toBeNull();
    expect((await t.call('GET', '/api/business-card/my_card', undefined, token)).body.data.isPublished).toBe(
      false,
    );
  });

  it('accepts JSON in either casing', async () => {
    const response = await t.call(
      'POST',
      '/api/business-card/create_business_card',
      { fullName: 'Dana Pipe', contactEmail: 'Dana@Pipe.example', pageTheme: 'dark' },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      full_name: 'Dana Pipe',
      contact_email: 'dana@pipe.example',
      page_theme: 'dark',
    });
  });

  it('refuses identical content with the spec’s message', async () => {
    await publishForm(basics);
    expect(await publishForm(basics)).toEqual({
      status: 400,
      body: { error: "You haven't made any changes." },
    });
  });

  it('refuses a file that is not a photo, naming the field, and stores nothing', async () => {
    const fake = new File([new TextEncoder().encode('GIF89a but not really')], 'holiday.jpg', {
      type: 'image/jpeg',
    });
    const response = await publishForm([...basics, ['works', await photo()], ['works', fake]]);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(
      'Work image 2 is not a photo we can read. Please upload a JPEG, PNG, WebP, AVIF, GIF or HEIC image.',
    );
    expect((await t.call('GET', '/api/business-card/my_card', undefined, token)).body.data.isPublished).toBe(
      false,
    );
  });

  it('refuses more than 10 work photos, unsafe links and addresses of photos that are not ours', async () => {
    const eleven: [string, File][] = [];
    for (let i = 0; i < 11; i++) eleven.push(['works', await photo('#111111', 40, 30)]);
    expect((await publishForm([...basics, ...eleven])).body.error).toBe(
      'You can add at most 10 work images.',
    );
    expect((await publishForm([...basics, ['facebook_url', 'javascript:alert(1)']])).body.error).toBe(
      'Facebook link must be a web address starting with https:// or http://.',
    );
    expect(
      (await publishForm([...basics, ['existing_works', 'https://evil.example/x.jpg']])).body.error,
    ).toBe('Work image 1 must be a photo uploaded to TradeCard.');
  });

  it('refuses to publish once the trial has ended, until there is a subscription', async () => {
    await publishForm(basics);
    t.advance(15 * 24 * 3600_000);
    const { endDueTrials } = await import('../accounts/scheduler');
    expect(await endDueTrials(t.deps)).toBe(1);
    const login = await t.call('POST', '/api/login', { email: 'dana@example.com', password: 'Plumber2026' });
    const response = await publishForm([...basics, ['bio', 'changed']], login.body.token);
    expect(response).toEqual({
      status: 403,
      body: { error: 'Your free trial has ended. Subscribe to publish your page again.' },
    });
  });

  it('needs a session', async () => {
    expect((await publishForm(basics, 'nope')).status).toBe(401);
  });
});

describe('reading cards', () => {
  it('my_card gives defaults before the first publish', async () => {
    const response = await t.call('GET', '/api/business-card/my_card', undefined, token);
    expect(response.body.data).toMatchObject({
      isPublished: false,
      page_theme: 'light',
      style: 'Inter',
      button_bg_color: '#F47629',
      button_text_color: 'white',
      section_order: ['main', 'about', 'work', 'services', 'reviews', 'contact'],
      works: [],
      user: { username: 'dana' },
    });
  });

  it('by_username shows public fields only, never the account email', async () => {
    await publishForm(basics);
    const response = await t.call('GET', '/api/business-card/by_username/Dana');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      full_name: 'Dana Pipe',
      phone_number: '0117 496 0456',
      isLive: true,
    });
    expect(JSON.stringify(response.body)).not.toContain('dana@example.com');
    expect(response.body.data.user).toEqual({ username: 'dana' });
  });

  it('by_username hides the content of a page that is not live', async () => {
    await publishForm(basics);
    t.advance(15 * 24 * 3600_000);
    const { endDueTrials } = await import('../accounts/scheduler');
    await endDueTrials(t.deps);
    const response = await t.call('GET', '/api/business-card/by_username/dana');
    expect(response.body.data).toMatchObject({ username: 'dana', isLive: false, isPublished: true });
    expect(response.body.data.full_name).toBeUndefined();
    expect(JSON.stringify(response.body)).not.toContain('0117 496 0456');
  });

  it('by_username answers an unknown name with 404', async () => {
    expect(await t.call('GET', '/api/business-card/by_username/nobody')).toMatchObject({
      status: 404,
      body: { error: 'No business card found for “nobody”' },
    });
  });
});

describe('POST /api/trial/start', () => {
  it('starts the trial once; a second start is not an error', async () => {
    const first = await t.call('POST', '/api/trial/start', {}, token);
    expect(first.body).toMatchObject({
      success: true,
      alreadyStarted: false,
      message: 'Your 14-day trial started!',
    });
    const again = await t.call('POST', '/api/trial/start', {}, token);
    expect(again.body).toMatchObject({
      success: true,
      alreadyStarted: true,
      trialExpires: first.body.trialExpires,
    });
    expect((await t.call('GET', '/api/profile', undefined, token)).body.data.trialExpires).toBe(
      first.body.trialExpires,
    );
  });
});

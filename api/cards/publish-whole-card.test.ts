import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLISHED_EMPTY } from '../../events/card/decider';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';

/** Issue 28, item 13: what a publish through the API does to the card, and the page it leaves. */

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.signUp('dana');
});
afterEach(async () => {
  await t.close();
});

const publishJson = (body: Record<string, unknown>) =>
  t.call('POST', '/api/business-card/create_business_card', body, token);

/** A card with something in every section, its photos uploaded with it. */
async function publishFull(extra: [string, string][] = []) {
  const published = await t.publishForm(token, [
    ['main_heading', 'Boilers fixed today'],
    ['full_name', 'Dana Pipe'],
    ['job_title', 'Gas engineer'],
    ['bio', 'Twenty years of boilers.'],
    ['services', JSON.stringify([{ name: 'Boiler service', price: '£80' }])],
    ['contact_email', 'dana@pipe.example'],
    ['phone_number', '07700 900461'],
    ['cover_photo', await jpegFile('#204080', 160, 90)],
    ['avatar', await jpegFile('#802040', 80, 80)],
    ['works', await jpegFile('#208040')],
    ...extra,
  ]);
  expect(published.status).toBe(200);
  return published.body.data;
}

/** The page and vCard a visitor gets once the projector has caught up. */
async function publicFiles() {
  await catchUp(t.db, { ...t.renderTarget });
  const page = await (await t.app.request('/u/dana')).text();
  const vcard = await t.app.request('/u/dana/contact.vcf');
  return { page, vcard: vcard.status === 200 ? await vcard.text() : null };
}

describe('a publish is the whole card', () => {
  it('leaves out of the card every field and photo it doesn’t send, text and photos alike', async () => {
    await publishFull();
    const partial = await publishJson({ fullName: 'Dana Pipe', jobTitle: 'Heating engineer' });
    expect(partial.status).toBe(200);
    const expected = {
      full_name: 'Dana Pipe',
      job_title: 'Heating engineer',
      main_heading: '',
      bio: '',
      services: [],
      contact_email: '',
      phone_number: '',
      cover_photo: null,
      avatar: null,
      works: [],
    };
    expect(partial.body.data).toMatchObject(expected);
    expect((await t.call('GET', '/api/business-card/my_card', undefined, token)).body.data).toMatchObject(
      expected,
    );
  });

  it('takes a page whose publish leaves nothing to show to “not set up”, quote button or not', async () => {
    await publishFull();
    // The partial publish of issue 28's /u/hidey: its kept photos made a live page of "@hidey · Request a quote".
    const hidden = await publishJson({ show_contact_section: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body.message).toBe(PUBLISHED_EMPTY);
    expect(hidden.body.data).toMatchObject({ avatar: null, cover_photo: null, quotes_enabled: true });
    const { page, vcard } = await publicFiles();
    expect(page).toContain('This profile isn’t set up yet');
    expect(page).not.toContain('Request a quote');
    expect(vcard).toBeNull();
  });

  it('lets an owner take a published page down to “not set up” by hiding every section', async () => {
    await publishFull();
    const flags = [
      'show_main_section',
      'show_about_me_section',
      'show_work_section',
      'show_services_section',
      'show_reviews_section',
      'show_contact_section',
    ].map((flag): [string, string] => [flag, 'false']);
    const hidden = await publishFull(flags);
    expect(hidden.show_contact_section).toBe(false);
    const { page, vcard } = await publicFiles();
    expect(page).toContain('This profile isn’t set up yet');
    expect(page).not.toMatch(/Dana Pipe|Boilers fixed|900461|pipe\.example/);
    expect(vcard).toBeNull();
  });
});

describe('a hidden Contact section (issue 28, item 1)', () => {
  it('is in no public output: page, JSON-LD, vCard or the public card', async () => {
    await publishFull([['show_contact_section', 'false']]);
    const { page, vcard } = await publicFiles();
    expect(page).toContain('Dana Pipe');
    expect(page).not.toMatch(/900461|pipe\.example|tel:|wa\.me|mailto:|Save My Number|contact\.vcf/);
    expect(vcard).toBeNull();
    const card = (await t.call('GET', '/api/business-card/by_username/dana')).body.data;
    expect(card).toMatchObject({ full_name: 'Dana Pipe', contact_email: '', phone_number: '' });
    expect(JSON.stringify(card)).not.toMatch(/900461|pipe\.example/);
    // The owner's own card keeps what they typed, to show it again.
    const own = (await t.call('GET', '/api/business-card/my_card', undefined, token)).body.data;
    expect(own).toMatchObject({ contact_email: 'dana@pipe.example', phone_number: '07700 900461' });
  });
});

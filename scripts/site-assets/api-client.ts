import path from 'node:path';
import { sentTo, waitForMail } from '../../tests/support/api/mail/outbox';
import type { RunningServer } from './server';

export type SamplePerson = {
  username: string;
  name: string;
  email: string;
  /** Text fields of the save payload (SPEC §5), as the editor sends them in its multipart form. */
  fields: Record<string, string>;
  images: { cover: Buffer; avatar: Buffer; works: Buffer[] };
};

const PASSWORD = 'SiteAssets2026';

async function call(server: RunningServer, route: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(`${server.origin}/api${route}`, init);
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${body.error ?? 'no message'}`);
  return body;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * The newest 6-digit code mailed to `email`, read from the outbox as the person would read their inbox; the server
 * sends just after the request commits, so this waits for it.
 */
async function codeFor(server: RunningServer, email: string): Promise<string> {
  const mail = await waitForMail(
    path.join(server.dataDir, 'outbox'),
    (m) => sentTo(m, email) && m.subject.includes('verification code'),
  );
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No verification code for ${email} in the outbox`);
  return code;
}

/** Waits until the server has rendered the page at /u/<username> (the projector renders after each publish). */
async function waitForPage(server: RunningServer, username: string, marker: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${server.origin}/u/${username}`);
    if (response.ok && (await response.text()).includes(marker)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/u/${username} was not rendered within 30 s`);
}

/** Signs a sample tradesperson up, verifies, signs in and publishes their card, all through the public API. */
export async function publishPerson(server: RunningServer, person: SamplePerson): Promise<void> {
  const { username, name, email } = person;
  await call(server, '/register', json({ name, email, username, password: PASSWORD }));
  await call(server, '/verify-email', json({ email, code: await codeFor(server, email) }));
  const { token } = (await call(server, '/login', json({ email, password: PASSWORD }))) as { token: string };

  const form = new FormData();
  for (const [key, value] of Object.entries(person.fields)) form.append(key, value);
  const photo = (bytes: Buffer, name: string) =>
    new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
  form.append('cover_photo', photo(person.images.cover, 'cover.jpg'));
  form.append('avatar', photo(person.images.avatar, 'avatar.jpg'));
  person.images.works.forEach((bytes, index) => {
    form.append('works', photo(bytes, `work-${index + 1}.jpg`));
  });
  await call(server, '/business-card/create_business_card', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await waitForPage(server, username, person.fields.main_heading ?? name);
}

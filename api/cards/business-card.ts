import path from 'node:path';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { MyCardAnswer, PublishedAnswer, StoredPhotoAnswer } from '../../contract/card';
import { findCardContent } from '../../events/card/cards-read-model';
import { largestMediaUrl, MAX_WORK_IMAGES } from '../../events/card/content';
import { PUBLISHED_EMPTY } from '../../events/card/decider';
import { shownContent, showsAnything } from '../../events/card/shown';
import { DomainError } from '../../events/errors';
import { findShownCardContent } from '../../events/firm/branded-card';
import { brandOfAccount } from '../../events/firm/firms-read-model';
import { uploadsRefused } from '../../observability/metrics';
import { findUserById } from '../accounts/users';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { ownBodyLimit, tooLarge } from '../http/body-limits';
import { invalid } from '../http/errors';
import { MAX_UPLOAD_BYTES } from '../media/intake';
import {
  entries,
  type FormLimits,
  readUploadForm,
  TooLarge,
  UPLOAD_TOO_LARGE,
  UploadedPhoto,
  type UploadForm,
} from '../media/upload-form';
import { cardJson } from './cards';
import { publishCard } from './publish-card';
import { PHOTO_SLOTS, type PhotoSlot, storeUploadedPhoto } from './store-photo';

export const CARD_UPLOAD_LIMIT = 12 * 10 * 1024 * 1024 + 1024 * 1024;

/**
 * The card's text, as JSON or as a form's text fields. The longest card the field limits allow is about 27,000
 * characters (30 reviews of 600, 30 services, a 1,500-character bio, links); written in a script of 3-byte UTF-8
 * characters and JSON-quoted that is about 82 KB (card-payload.test.ts builds it), so 96 KB fits any real card and
 * keeps the 121 MB photo allowance away from text.
 */
export const CARD_TEXT_LIMIT = 96 * 1024;

const cardTextLimit = bodyLimit({ maxSize: CARD_TEXT_LIMIT, onError: tooLarge });
/**
 * A photo form is read as a stream by its route, which stops at the first photo over its limit; a declared length
 * past every photo allowed together is refused here, unread. (bodyLimit would buffer a body without a length.)
 */
const uploadLimit = ownBodyLimit((c, next) => {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return cardTextLimit(c, next);
  if (Number(c.req.header('content-length') ?? 0) > CARD_UPLOAD_LIMIT) {
    uploadsRefused.inc({ reason: 'too_large' });
    c.header('Connection', 'close');
    return Promise.resolve(c.json({ error: UPLOAD_TOO_LARGE }, 413));
  }
  return next();
});

const FORM_LIMITS: FormLimits = {
  photos: { cover_photo: 1, coverPhoto: 1, avatar: 1, works: MAX_WORK_IMAGES },
  textBytes: CARD_TEXT_LIMIT,
  totalBytes: CARD_UPLOAD_LIMIT,
  messages: {
    tooMany: (field) =>
      field === 'works'
        ? `You can add at most ${MAX_WORK_IMAGES} work images.`
        : `Please send one ${field === 'avatar' ? 'profile photo' : 'cover photo'}.`,
    notAPhotoField: (field) =>
      `Only photos can be uploaded, and only as cover, avatar or work images (not ${field}).`,
  },
};

/** One photo, and the slot it is for: room for the part's headers and the slot field beside the photo. */
export const PHOTO_UPLOAD_LIMIT = MAX_UPLOAD_BYTES + 16 * 1024;

const photoUploadLimit = ownBodyLimit((c, next) => {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
    return Promise.resolve(c.json({ error: 'Please send the photo as a file upload.' }, 415));
  if (Number(c.req.header('content-length') ?? 0) > PHOTO_UPLOAD_LIMIT) {
    uploadsRefused.inc({ reason: 'too_large' });
    c.header('Connection', 'close');
    return Promise.resolve(c.json({ error: UPLOAD_TOO_LARGE }, 413));
  }
  return next();
});

const isSlot = (value: unknown): value is PhotoSlot =>
  typeof value === 'string' && Object.hasOwn(PHOTO_SLOTS, value);
const slotOf = (values: UploadForm['values']): PhotoSlot => (isSlot(values.slot) ? values.slot : 'works');

const PHOTO_FORM_LIMITS: FormLimits = {
  photos: { photo: 1 },
  textBytes: 1024,
  totalBytes: PHOTO_UPLOAD_LIMIT,
  messages: {
    tooMany: () => 'Please send one photo at a time.',
    notAPhotoField: (field) => `Only the photo can be a file upload (not ${field}).`,
  },
};

/**
 * "Work image 3" counts the kept addresses sent before it, as the editor numbers them: under `existing_works`,
 * and under `works` among the uploads (the editor sends its whole list there, in order).
 */
function photoLabel(field: string, index: number, before: UploadForm['values']) {
  if (field === 'avatar') return 'Profile photo';
  if (field !== 'works') return 'Cover photo';
  const kept = entries(before.existing_works ?? before.existingWorks).filter(
    (entry) => entry !== '[]',
  ).length;
  const keptAmongWorks = entries(before.works).filter((entry) => typeof entry === 'string').length;
  return `Work image ${kept + keptAmongWorks + index + 1}`;
}

async function readPayload(
  c: Context,
  tempRoot: string,
): Promise<{ raw: Record<string, unknown>; discard?: () => Promise<void> }> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await readUploadForm(c.req.raw, tempRoot, FORM_LIMITS, photoLabel);
    return { raw: form.values, discard: form.discard };
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const raw = await c.req.parseBody({ all: true }).catch(() => {
      throw invalid('The upload could not be read. Please try again.');
    });
    return { raw };
  }
  const body = await c.req.json().catch(() => {
    throw invalid('Request body must be valid JSON.');
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('Request body must be a JSON object.');
  return { raw: body as Record<string, unknown> };
}

export function businessCardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.get('/my_card', signedIn, async (c) => {
    const user = await findUserById(deps.db, c.get('accountId'));
    if (!user) throw new DomainError('unauthorised', 'Session expired. Please log in again.');
    const content = await findCardContent(deps.db, user.id);
    const firm = await brandOfAccount(deps.db, user.id);
    return c.json({
      success: true,
      data: {
        ...cardJson(user, content, deps.publicUrl),
        user: { _id: user.id, username: user.username },
        firmBrand: firm && { firmName: firm.firmName, ...firm.brand },
      },
    } satisfies MyCardAnswer);
  });

  app.get('/by_username/:username', async (c) => {
    const username = c.req.param('username').toLowerCase();
    const user = await deps.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user) throw new DomainError('not_found', `No business card found for “${username}”`);
    // As the page shows it: a firm's locked brand (issue 32), and nothing of a hidden section (shown.ts).
    const content = await findShownCardContent(deps.db, user.id);
    const card = cardJson(user, content && shownContent(content), deps.publicUrl);
    // A page that is not live shows nothing of its content, here as on the static page.
    if (!card.isLive) {
      const { username: name, isLive, isPublished, isSubscribed, trialExpires, publicProfileUrl } = card;
      return c.json({
        success: true,
        data: { username: name, isLive, isPublished, isSubscribed, trialExpires, publicProfileUrl },
      });
    }
    return c.json({ success: true, data: { ...card, user: { username: user.username } } });
  });

  app.post('/create_business_card', uploadLimit, signedIn, async (c) => {
    try {
      return await publish(c);
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      // The client may still be sending: the answer goes now, and the connection is not reused for what follows.
      c.header('Connection', 'close');
      return c.json({ error: error.message }, 413);
    }
  });

  /**
   * One photo, stored as the editor picks it (issue 14): `slot` (cover_photo, avatar or works) names it in a refusal.
   * The answer is the address a publish then names it by, and its stored sizes for the preview.
   */
  app.post('/photos', photoUploadLimit, signedIn, async (c) => {
    let form: UploadForm | undefined;
    try {
      form = await readUploadForm(
        c.req.raw,
        path.join(deps.dataDir, 'tmp'),
        PHOTO_FORM_LIMITS,
        (_, __, before) => PHOTO_SLOTS[slotOf(before)],
      );
      if (form.values.slot !== undefined && !isSlot(form.values.slot))
        throw invalid('A photo is for the cover_photo, the avatar or the works.');
      const photo = form.values.photo;
      if (!(photo instanceof UploadedPhoto)) throw invalid('Please choose a photo to upload.');
      const ref = await storeUploadedPhoto(deps, c.get('accountId'), photo, PHOTO_SLOTS[slotOf(form.values)]);
      return c.json(
        {
          success: true,
          data: { url: largestMediaUrl(ref), media: ref },
        } satisfies StoredPhotoAnswer,
        201,
      );
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      c.header('Connection', 'close');
      return c.json({ error: error.message }, 413);
    } finally {
      await form?.discard();
    }
  });

  async function publish(c: Context<AppEnv>) {
    const accountId = c.get('accountId');
    const payload = await readPayload(c, path.join(deps.dataDir, 'tmp'));
    try {
      const content = await publishCard(deps, accountId, payload.raw);
      const user = await findUserById(deps.db, accountId);
      if (!user) throw new DomainError('unauthorised', 'Session expired. Please log in again.');
      return c.json({
        success: true,
        message: showsAnything(content) ? 'Your page is Published!' : PUBLISHED_EMPTY,
        data: cardJson(user, content, deps.publicUrl),
      } satisfies PublishedAnswer);
    } finally {
      await payload.discard?.();
    }
  }

  return app;
}

import { accountDecider, mayPublish } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { findCardContent } from '../../events/card/cards-read-model';
import { type CardContent, cardContentSchema } from '../../events/card/content';
import { cardDecider } from '../../events/card/decider';
import { cardStreamId } from '../../events/card/events';
import { parseCardFields } from '../../events/card/input';
import { isDiallable } from '../../events/card/phone';
import { handleCommand, loadState } from '../../events/command';
import { log } from '../../observability/log';
import { startTrial } from '../accounts/start-trial';
import type { Deps } from '../deps';
import { invalid } from '../http/errors';
import { discardWrittenFiles, recordMediaFiles } from '../media/files';
import { storePreparedImage } from '../media/intake';
import { recordUploads, uploadedBy } from '../media/owners';
import { resolveCardImages } from './card-images';
import { splitCardPayload } from './card-payload';

/**
 * The publisher's page, written before the answer (issue 29): the tap on Publish shows the live page at once,
 * however busy the projector is with other accounts. The publish is in; a render that fails here is the
 * projector's to do again, as it renders every account whose events it hasn't rendered.
 */
async function renderOwnPage(deps: Deps, accountId: string): Promise<void> {
  try {
    await deps.renderPage?.(accountId);
  } catch (error) {
    log.warn(
      { err: error, accountId },
      'Rendering the published page failed; the projector renders it again',
    );
  }
}

/**
 * Publishes the card from a request's fields and photos (JSON, a form's text fields, or an upload form's values),
 * starting the 14-day trial first for someone neither subscribed nor in trial (SPEC §4). Returns what was published.
 */
export async function publishCard(
  deps: Deps,
  accountId: string,
  raw: Record<string, unknown>,
): Promise<CardContent> {
  const { storage } = deps;
  let created: string[] = [];
  let release = () => {};
  try {
    const { fields: rawFields, images } = splitCardPayload(raw);
    const parsed = parseCardFields(rawFields, isDiallable);
    if (!parsed.ok) throw invalid(parsed.error);
    const previous = await findCardContent(deps.db, accountId);
    // Decoded before the transaction (decoding takes time and must not hold the database), written only once
    // the whole request has passed every check, and removed again if the publish itself is refused.
    const resolved = await resolveCardImages(
      storage,
      images,
      previous,
      (id) => uploadedBy(deps.db, accountId, id),
      deps.db,
    );
    release = resolved.release;
    const content = cardContentSchema.parse({ ...parsed.fields, ...resolved.images });
    for (const image of resolved.newImages) await storePreparedImage(storage, image, created);

    const now = deps.now();
    let trialStarted = false;
    await deps.db.transaction().execute(async (trx) => {
      let account = await loadState(trx, accountDecider, accountStreamId(accountId));
      if (account.status === 'active' && !account.isSubscribed && account.trialExpires === null) {
        account = await startTrial(trx, deps.publicUrl, accountId, now);
        trialStarted = true;
      }
      await handleCommand(trx, {
        decider: cardDecider,
        streamId: cardStreamId(accountId),
        command: { type: 'PublishCard', accountId, content, accountMayPublish: mayPublish(account) },
        now,
      });
      await recordUploads(
        trx,
        accountId,
        resolved.newImages.map((image) => image.ref.id),
        now,
      );
      // After the files (written above), in the transaction that names them: a row never lacks its files.
      await recordMediaFiles(trx, resolved.newImages, now);
    });
    created = [];
    deps.onAppended();
    await renderOwnPage(deps, accountId);
    // The trial's mail was queued with it (issue 28).
    if (trialStarted) deps.mailQueued();
    return content;
  } finally {
    release();
    // Files this request wrote for a publish that was refused: nothing of a refused request stays, unless another
    // request has meanwhile taken the same photo in hand.
    await discardWrittenFiles(storage, created);
  }
}

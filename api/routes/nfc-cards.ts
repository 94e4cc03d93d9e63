import { type Context, Hono } from 'hono';
import type { NfcCardsAnswer, NfcCardUpdatedAnswer } from '../../contract/nfc-card';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { normaliseCardCode } from '../../events/nfc-card/code';
import { CARD_NOT_FOUND, type NfcCardCommand, nfcCardDecider } from '../../events/nfc-card/decider';
import { nfcCardStreamId } from '../../events/nfc-card/events';
import { findNfcCard, nfcCardsOfAccount } from '../../events/nfc-card/nfc-cards-read-model';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { nfcCardJson, UNTAPPED } from '../nfc-cards/json';
import { tapsByCard } from '../visits/stats';

/** Issue 16: the signed-in owner's NFC cards (on /nfccards), and switching one off when lost and on when found. */
export function nfcCardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.get('/', signedIn, async (c) => {
    const accountId = c.get('accountId');
    const [cards, taps] = await Promise.all([
      nfcCardsOfAccount(deps.db, accountId),
      tapsByCard(deps.db, accountId),
    ]);
    const data = cards.map((card) => nfcCardJson(deps.publicUrl, card, taps.get(card.code) ?? UNTAPPED));
    return c.json({ success: true, data } satisfies NfcCardsAnswer);
  });

  /** The owner's command on one of their cards; the decider refuses anyone else's as not found. */
  const change =
    (command: (by: string) => NfcCardCommand, message: (code: string) => string) =>
    async (c: Context<AppEnv>) => {
      const accountId = c.get('accountId');
      const code = normaliseCardCode(c.req.param('code') ?? '');
      if (!code) throw new DomainError('not_found', CARD_NOT_FOUND);
      await handleCommand(deps.db, {
        decider: nfcCardDecider,
        streamId: nfcCardStreamId(code),
        command: command(accountId),
        now: deps.now(),
      });
      const [card, taps] = await Promise.all([findNfcCard(deps.db, code), tapsByCard(deps.db, accountId)]);
      if (!card) throw new DomainError('not_found', CARD_NOT_FOUND);
      return c.json({
        success: true,
        message: message(code),
        data: nfcCardJson(deps.publicUrl, card, taps.get(code) ?? UNTAPPED),
      } satisfies NfcCardUpdatedAnswer);
    };

  app.post(
    '/:code/lost',
    signedIn,
    change(
      (by) => ({ type: 'MarkNfcCardLost', by }),
      (code) => `Card ${code} is switched off: its address now says the card is no longer in use.`,
    ),
  );
  app.post(
    '/:code/found',
    signedIn,
    change(
      (by) => ({ type: 'SwitchNfcCardOn', by }),
      (code) => `Card ${code} is switched back on: it opens your page again.`,
    ),
  );

  return app;
}

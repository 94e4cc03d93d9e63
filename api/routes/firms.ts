import { Hono } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../events/errors';
import { firmOfAccount } from '../../events/firm/firms-read-model';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { firmCards, reassignCard } from '../firms/cards';
import {
  createFirm,
  directQuotes,
  endMembership,
  firmJson,
  firmOfMember,
  firmSavedAnswer,
  handOverAdmin,
  inviteRights,
  MAX_FIRM_NAME,
} from '../firms/firms';
import { invitationOf, inviteMember, joinFirm } from '../firms/invitations';
import { readInviteCsv } from '../firms/invite-csv';
import { firmTeam } from '../firms/team';
import { readJson } from '../http/validate';
import { firmBillRoutes } from './firm-bill';
import { firmBrandRoutes } from './firm-brand';
import { PERIOD_RULE, statsQuery } from './stats';

const objectOnly = { error: 'Request body must be a JSON object.' };
const createBody = z.object(
  {
    name: z
      .string({ error: 'Please write your firm’s name.' })
      .trim()
      .min(1, 'Please write your firm’s name.')
      .max(MAX_FIRM_NAME, `Please keep the firm’s name to ${MAX_FIRM_NAME} characters.`),
  },
  objectOnly,
);
const inviteBody = z.object(
  {
    email: z
      .email({ error: 'Please enter a valid email address.' })
      .max(254)
      .transform((email) => email.toLowerCase()),
    name: z
      .string()
      .trim()
      .max(80, 'Please keep the name to 80 characters.')
      .optional()
      .transform((name) => name || null),
  },
  objectOnly,
);
const csvBody = z.object(
  {
    csv: z
      .string({ error: 'Send the spreadsheet as csv: its text, a name and an email address on each line.' })
      .max(40_000, 'The file is too long: send 200 people at most at a time.'),
  },
  objectOnly,
);
const adminBody = z.object({ accountId: z.string({ error: 'Say which member: accountId.' }) }, objectOnly);
const reassignBody = z.object(
  { to: z.string({ error: 'Say which member the card goes to: to, their account id.' }).max(100) },
  objectOnly,
);

/**
 * Issue 32: firms (`/api/firms`). Creating one, the signed-in account's own (`/mine`), invitations (one by one or
 * from a spreadsheet), joining by an invitation's link, removing a member or leaving, handing the admin role over,
 * where the firm page's quote requests go, the team's figures and export, and moving the members' NFC cards; the
 * brand and logo are firm-brand.ts, the bill firm-bill.ts. A member sees their firm; only its admin changes it; anyone else finds nothing.
 */
export function firmRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);
  const firmSaved = (firmId: string, viewer: string, message: string) =>
    firmSavedAnswer(deps.db, firmId, viewer, message);

  app.post('/', signedIn, async (c) => {
    const { name } = await readJson(c, createBody);
    const firm = await createFirm(deps, c.get('accountId'), name);
    return c.json({ success: true, data: await firmJson(deps.db, firm, c.get('accountId')) }, 201);
  });

  app.get('/mine', signedIn, async (c) => {
    const firm = await firmOfAccount(deps.db, c.get('accountId'));
    return c.json({ success: true, data: firm ? await firmJson(deps.db, firm, c.get('accountId')) : null });
  });

  // The invitation's page asks before its visitor has signed in or up (site/src/islands/JoinFirm.tsx).
  app.get('/join/:token', async (c) => {
    return c.json({ success: true, data: await invitationOf(deps.db, c.req.param('token'), deps.now()) });
  });

  app.post('/join/:token', signedIn, async (c) => {
    const firm = await joinFirm(deps, c.get('accountId'), c.req.param('token'));
    return c.json({
      success: true,
      message: `You’ve joined ${firm.name}.`,
      data: await firmJson(deps.db, firm, c.get('accountId')),
    });
  });

  app.get('/:id', signedIn, async (c) => {
    const firm = await firmOfMember(deps.db, c.req.param('id'), c.get('accountId'));
    return c.json({ success: true, data: await firmJson(deps.db, firm, c.get('accountId')) });
  });

  app.post('/:id/invites', signedIn, async (c) => {
    const invitee = await readJson(c, inviteBody);
    const invite = await inviteMember(deps, c.req.param('id'), c.get('accountId'), invitee);
    return c.json(
      { success: true, message: `We’ve emailed an invitation to ${invitee.email}.`, ...invite },
      201,
    );
  });

  // A team from a spreadsheet: each line invited or refused, saying why, so the admin mends the sheet and sends the rest.
  app.post('/:id/invites/csv', signedIn, async (c) => {
    const { csv } = await readJson(c, csvBody);
    const firmId = c.req.param('id');
    const me = c.get('accountId');
    // Refused as a whole for anyone but the admin, before a line is read.
    await inviteRights(deps.db, firmId, me);
    const { invitees, refused } = readInviteCsv(csv);
    const invited: { line: number; email: string }[] = [];
    for (const invitee of invitees) {
      try {
        await inviteMember(deps, firmId, me, invitee);
        invited.push({ line: invitee.line, email: invitee.email });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refused.push({ line: invitee.line, text: invitee.email, error: error.message });
      }
    }
    refused.sort((a, b) => a.line - b.line);
    const message =
      refused.length === 0
        ? `We’ve emailed ${invited.length} invitation${invited.length === 1 ? '' : 's'}.`
        : `We’ve emailed ${invited.length} invitation${invited.length === 1 ? '' : 's'}; ${refused.length} line${refused.length === 1 ? ' was' : 's were'} not sent: see why beside each.`;
    return c.json({ success: true, message, invited, refused }, invited.length > 0 ? 201 : 200);
  });

  app.delete('/:id/members/:accountId', signedIn, async (c) => {
    const me = c.get('accountId');
    const member = c.req.param('accountId');
    if (member === me) throw new DomainError('invalid', 'To leave the firm yourself, use Leave the firm.');
    await endMembership(deps, c.req.param('id'), me, member);
    return c.json({ success: true, message: 'They are no longer a member of the firm.' });
  });

  app.post('/:id/leave', signedIn, async (c) => {
    const me = c.get('accountId');
    await endMembership(deps, c.req.param('id'), me, me);
    return c.json({ success: true, message: 'You’ve left the firm.' });
  });

  app.post('/:id/admin', signedIn, async (c) => {
    const { accountId } = await readJson(c, adminBody);
    await handOverAdmin(deps, c.req.param('id'), c.get('accountId'), accountId);
    return c.json({ success: true, message: 'The admin role is handed over.' });
  });

  app.put('/:id/quotes', signedIn, async (c) => {
    const { accountId } = await readJson(c, adminBody);
    const firmId = c.req.param('id');
    await directQuotes(deps, firmId, c.get('accountId'), accountId);
    return c.json(
      await firmSaved(firmId, c.get('accountId'), 'Quote requests from the firm’s page go there now.'),
    );
  });

  app.get('/:id/team', signedIn, async (c) => {
    const parsed = statsQuery.safeParse(c.req.query());
    if (!parsed.success) throw new DomainError('invalid', parsed.error.issues[0]?.message ?? PERIOD_RULE);
    const team = await firmTeam(deps.db, c.req.param('id'), c.get('accountId'), {
      days: parsed.data.days,
      now: deps.now(),
    });
    return c.json({ success: true, data: team });
  });

  // The firm's own data, for its admin to keep: who is in it, who was invited, its cards and its last 90 days.
  app.get('/:id/export', signedIn, async (c) => {
    const firmId = c.req.param('id');
    const me = c.get('accountId');
    const team = await firmTeam(deps.db, firmId, me, { days: 90, now: deps.now() });
    const firm = await firmOfMember(deps.db, firmId, me);
    const exported = {
      exportedAt: deps.now().toISOString(),
      firm: { ...(await firmJson(deps.db, firm, me)), page: `${deps.publicUrl}/f/${firm.slug}` },
      cards: await firmCards(deps.db, deps.publicUrl, firmId, me),
      last90Days: team,
    };
    c.header('Content-Disposition', `attachment; filename="${firm.slug}-firm.json"`);
    c.header('Cache-Control', 'private, no-store');
    return c.json(exported);
  });

  app.get('/:id/cards', signedIn, async (c) => {
    return c.json({
      success: true,
      data: await firmCards(deps.db, deps.publicUrl, c.req.param('id'), c.get('accountId')),
    });
  });

  app.post('/:id/cards/:code/reassign', signedIn, async (c) => {
    const { to } = await readJson(c, reassignBody);
    const firmId = c.req.param('id');
    const code = await reassignCard(deps, firmId, c.get('accountId'), c.req.param('code'), to);
    const card = (await firmCards(deps.db, deps.publicUrl, firmId, c.get('accountId'))).find(
      (held) => held.code === code,
    );
    return c.json({
      success: true,
      message: `Card ${code} now opens ${card?.holder.name ?? 'their'}’s page.`,
      data: card ?? null,
    });
  });

  app.route('/', firmBrandRoutes(deps));
  app.route('/', firmBillRoutes(deps));

  return app;
}

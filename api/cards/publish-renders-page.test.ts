import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderAccountInTurn } from '../../renderer/render-in-turn';
import { createTestApp } from '../../tests/support/api/app';
import { captureLogs } from '../../tests/support/observability/logs';

/** Issue 29: the tap on Publish shows the live page at once, however far behind the projector is. */

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let rendered: string[];
beforeEach(async () => {
  t = await createTestApp();
  token = await t.signUp('dana');
  rendered = [];
  // As the server wires it (api/runtime.ts); no projector runs here, so only the publish itself can render.
  t.deps.renderPage = async (accountId) => {
    rendered.push(accountId);
    await renderAccountInTurn(t.db, accountId, t.renderTarget);
  };
});
afterEach(async () => {
  await t.close();
});

const publish = (heading: string) =>
  t.call(
    'POST',
    '/api/business-card/create_business_card',
    { main_heading: heading, full_name: 'Dana Pipe', contact_phone: '07700 900123' },
    token,
  );
const page = () => fs.readFileSync(path.join(t.deps.publicDir, 'u', 'dana', 'index.html'), 'utf8');

describe('a publish', () => {
  it('has written the publisher’s page, and its variants file, by the time it answers', async () => {
    expect((await publish('Boilers fixed today')).status).toBe(200);
    expect(page()).toContain('Boilers fixed today');
    expect(fs.existsSync(path.join(t.deps.publicDir, 'u', 'dana', 'index.html.variants'))).toBe(true);
    expect((await publish('Boilers fixed tomorrow')).status).toBe(200);
    expect(page()).toContain('Boilers fixed tomorrow');
    expect(rendered).toHaveLength(2);
  });

  it('answers as published when that render fails: the projector renders the page again', async () => {
    t.deps.renderPage = async () => {
      throw new Error('disk full');
    };
    const logs = captureLogs();
    try {
      const answer = await publish('Boilers fixed today');
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      expect(logs.lines()).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: expect.stringContaining('the projector renders it again'),
        }),
      );
    } finally {
      logs.restore();
    }
  });
});

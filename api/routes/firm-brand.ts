import { Hono } from 'hono';
import { z } from 'zod';
import { FONTS } from '../../events/card/content';
import { BRAND_PART_NAMES, type BrandPart } from '../../events/firm/brand';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { firmSavedAnswer, setBrand, setLogo } from '../firms/firms';
import { readJson } from '../http/validate';

const objectOnly = { error: 'Request body must be a JSON object.' };
const COLOUR = /^#[0-9A-F]{6}$/;
const brandBody = z.object(
  {
    values: z.object(
      {
        business_card_name: z
          .string({ error: 'Please write the business name your members’ pages show.' })
          .trim()
          .max(80, 'Please keep the business name to 80 characters.'),
        button_bg_color: z
          .string()
          .transform((colour) => colour.toUpperCase())
          .pipe(z.string().regex(COLOUR, 'Choose the button colour as #RRGGBB.')),
        button_text_color: z.enum(['white', 'black'], { error: 'Choose white or black button text.' }),
        style: z.enum(FONTS, { error: `Choose a font: ${FONTS.join(', ')}.` }),
        page_theme: z.enum(['light', 'dark'], { error: 'Choose a light or dark theme.' }),
        page_theme_variant: z.string().max(40).default(''),
      },
      { error: 'Say the brand’s values: name, colours, font and theme.' },
    ),
    locked: z.array(
      z.enum(BRAND_PART_NAMES as [BrandPart, ...BrandPart[]], {
        error: `Lock any of: ${BRAND_PART_NAMES.join(', ')}.`,
      }),
    ),
  },
  objectOnly,
);
const logoBody = z.object(
  {
    url: z
      .string({ error: 'Say which photo is the logo: url, its address as the upload answered.' })
      .max(500),
  },
  objectOnly,
);

/**
 * Issue 32, the firm's look (mounted under `/api/firms`): its brand, each part of which the admin may lock on every
 * member's page, and its logo. Each answers with the firm as it now is.
 */
export function firmBrandRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);
  const firmSaved = (firmId: string, viewer: string, message: string) =>
    firmSavedAnswer(deps.db, firmId, viewer, message);

  app.put('/:id/brand', signedIn, async (c) => {
    const brand = await readJson(c, brandBody);
    const firmId = c.req.param('id');
    await setBrand(deps, firmId, c.get('accountId'), {
      ...brand,
      values: {
        ...brand.values,
        page_theme_variant: brand.values.page_theme_variant || `subtle-${brand.values.page_theme}`,
      },
    });
    return c.json(
      await firmSaved(
        firmId,
        c.get('accountId'),
        'The brand is saved: your members’ pages show it in a moment.',
      ),
    );
  });

  // The logo is a photo the admin uploaded first (POST /api/business-card/photos), named by its address.
  app.put('/:id/logo', signedIn, async (c) => {
    const { url } = await readJson(c, logoBody);
    const firmId = c.req.param('id');
    await setLogo(deps, firmId, c.get('accountId'), url);
    return c.json(
      await firmSaved(
        firmId,
        c.get('accountId'),
        'The logo is saved: it heads the firm’s page and shows on every member’s.',
      ),
    );
  });

  app.delete('/:id/logo', signedIn, async (c) => {
    const firmId = c.req.param('id');
    await setLogo(deps, firmId, c.get('accountId'), null);
    return c.json(await firmSaved(firmId, c.get('accountId'), 'The logo is taken off.'));
  });

  return app;
}

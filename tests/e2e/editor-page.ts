import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { alwaysSignedIn } from './accounts';

/** A real PNG, made at test time, so the upload goes through the same intake as a phone's photo. */
export async function png(name: string, colour: string, width = 800, height = 600) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The editor, signed in as `token`, once it has drawn. */
export async function openEditor(page: Page, token: string) {
  await alwaysSignedIn(page, token);
  await page.goto('/myprofile');
  await expect(page.getByRole('heading', { level: 1, name: 'My page' })).toBeVisible();
}

/** One block of the editor form, found by its heading (the preview has sections of the same names). */
export const panel = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Edit your page' })
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

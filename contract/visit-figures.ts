import { CLICK_ACTIONS, type ClickAction, VISIT_SOURCES, type VisitSource } from '../events/visit/kinds';
import type { VisitStats } from './visits';

/**
 * The figures the owner's dashboard (site/src/app/stats) and the weekly summary mail (api/weekly-summary) both
 * show, summed from the same VisitStats, so the two never disagree about a week.
 */

type Totals = VisitStats['totals'];

export const SOCIAL_ACTIONS = [
  'facebook',
  'instagram',
  'linkedin',
  'x',
  'tiktok',
] as const satisfies ClickAction[];

/** Views from every source: NFC taps, QR scans and opens of the plain link. */
export const allViews = (views: Record<VisitSource, number>) =>
  VISIT_SOURCES.reduce((sum, source) => sum + views[source], 0);

/** One action's clicks, whichever way its visitor came. */
export const clicksOf = (totals: Totals, action: ClickAction) =>
  VISIT_SOURCES.reduce((sum, source) => sum + totals.clicks[source][action], 0);

export type HeadlineFigures = {
  views: number;
  visitors: number;
  nfc: number;
  qr: number;
  link: number;
  save: number;
  call: number;
  whatsapp: number;
  email: number;
  social: number;
};

export function headlineFigures(totals: Totals): HeadlineFigures {
  return {
    views: allViews(totals.views),
    visitors: totals.visitors,
    nfc: totals.views.nfc,
    qr: totals.views.qr,
    link: totals.views.link,
    save: clicksOf(totals, 'save'),
    call: clicksOf(totals, 'call'),
    whatsapp: clicksOf(totals, 'whatsapp'),
    email: clicksOf(totals, 'email'),
    social: SOCIAL_ACTIONS.reduce((sum, action) => sum + clicksOf(totals, action), 0),
  };
}

/** Whether anyone opened the page or pressed anything on it in the period. */
export const hasVisits = (totals: Totals) =>
  allViews(totals.views) > 0 || CLICK_ACTIONS.some((action) => clicksOf(totals, action) > 0);

import { buildSite, siteStamp } from './site-stamp';

// `npm run build`: the public site into site/dist, stamped, so `npm start` (and a container built from the same
// sources) serves it without building again. It has no address in it: any PUBLIC_URL or CHAT_WIDGET_SRC serves it
// (ADR 040).
await buildSite(siteStamp());

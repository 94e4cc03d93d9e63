import { readEnvOrExit } from '../api/runtime';
import { buildSite, siteStamp } from './site-stamp';

// `npm run build`: the public site into site/dist, stamped, so `npm start` (and a container built with the same
// PUBLIC_URL and CHAT_WIDGET_SRC) serves it without building again.
const env = readEnvOrExit();
await buildSite(siteStamp({ publicUrl: env.PUBLIC_URL, chatWidgetSrc: env.CHAT_WIDGET_SRC }));

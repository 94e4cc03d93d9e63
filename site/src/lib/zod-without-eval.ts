import { config } from 'zod/mini';

// The page's CSP has no 'unsafe-eval' (issue 11). Zod compiles object parsers with `new Function` unless told
// not to, and its probe for that alone makes the browser report a violation; the interpreted parser is as correct.
config({ jitless: true });

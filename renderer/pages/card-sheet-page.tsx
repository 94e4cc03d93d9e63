import { Document, renderDocument } from './Document';

/** `url`: what the chip holds; `qrUrl`: what the printed QR code encodes (the same card, counted as a scan). */
export type SheetCard = {
  code: string;
  url: string;
  qrUrl: string;
  qrSvg: string;
  status: 'active' | 'lost' | 'retired';
};

type Input = { orderId: string; deliveryName: string | null; cards: SheetCard[]; siteName: string };

/** The button's one line of script; the route allows exactly it, by hash. */
export const PRINT_SCRIPT = "document.getElementById('print').addEventListener('click',()=>window.print())";

const css = [
  "body{margin:0;color:#1F1F1F;font:1rem/1.4 'Inter',system-ui,sans-serif}",
  'main{max-width:60rem;margin:0 auto;padding:1.5rem}',
  'h1{font-size:1.5rem;margin:0 0 .25rem}',
  'header p{margin:0 0 1rem;color:#4A4A4A}',
  'button{font:inherit;font-weight:700;padding:.75rem 1.5rem;border:0;border-radius:999px;background:#F47629;color:#1F1F1F;cursor:pointer}',
  'button:focus-visible{outline:3px solid #1F1F1F;outline-offset:3px}',
  'ol{list-style:none;margin:1.5rem 0 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}',
  'li{border:1px solid #BDBDBD;border-radius:.5rem;padding:1rem;text-align:center;break-inside:avoid}',
  '.qr{display:block;margin:0 auto;width:35mm;height:35mm}',
  '.code{font:700 1.5rem/1.2 ui-monospace,monospace;letter-spacing:.1em;margin:.5rem 0 .25rem}',
  '.url{font-family:ui-monospace,monospace;font-size:.875rem;word-break:break-all;margin:0}',
  '.status{font-weight:700;margin:.25rem 0 0}',
  '@page{margin:12mm}',
  '@media print{.no-print{display:none}main{padding:0;max-width:none}ol{grid-template-columns:repeat(3,1fr);gap:6mm}}',
].join('');

const STATUS_NOTE = { active: null, lost: 'Marked lost by its owner', retired: 'Its account was deleted' };

/**
 * Issue 16: the printable sheet of an order's cards, for whoever programs and prints them: each card's address
 * (what its chip is written with), its QR code and its code. Admins only; the QR codes are drawn inline, so the page
 * needs nothing else to print. Its one script is the print button's.
 */
export function renderCardSheetPage({ orderId, deliveryName, cards, siteName }: Input): string {
  const count = cards.length === 1 ? '1 card' : `${cards.length} cards`;
  return renderDocument(
    <Document
      title={`Cards of order ${orderId} | ${siteName}`}
      description={`The NFC cards of order ${orderId}: the address to program into each, its QR code and its code.`}
      font="Inter"
      css={css}
      noindex
    >
      <main>
        <header>
          <h1>Cards of order {orderId}</h1>
          <p>
            {deliveryName ? `${deliveryName}: ` : ''}
            {count}. Program each card's chip with its address exactly as shown; print its QR code on its
            back.
          </p>
          <button type="button" id="print" className="no-print">
            Print this sheet
          </button>
        </header>
        <ol>
          {cards.map((card) => (
            <li key={card.code} aria-label={`Card ${card.code}`}>
              <img
                className="qr"
                src={`data:image/svg+xml;base64,${Buffer.from(card.qrSvg).toString('base64')}`}
                alt={`QR code of ${card.qrUrl}`}
              />
              <p className="code">{card.code}</p>
              <p className="url">{card.url}</p>
              {STATUS_NOTE[card.status] && <p className="status">{STATUS_NOTE[card.status]}</p>}
            </li>
          ))}
        </ol>
      </main>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our constant, the one script the sheet's CSP allows (by hash) */}
      <script dangerouslySetInnerHTML={{ __html: PRINT_SCRIPT }} />
    </Document>,
  );
}

import { svg } from './svg';

/**
 * Illustrations for the sample electrician, in the style of the demo's (renderer/sample/illustrations.ts): flat shapes,
 * no stock photos, uploaded through the same image intake as anyone's photos.
 */

const breakers = (x: number, y: number, count: number, pitch: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `<rect x="${x + i * pitch}" y="${y}" width="${pitch - 8}" height="96" rx="6" fill="#F4F5F6" stroke="#B8C0C6" stroke-width="3"/><rect x="${x + i * pitch + (pitch - 8) / 2 - 9}" y="${y + (i % 3 === 1 ? 46 : 22)}" width="18" height="28" rx="4" fill="${i === 0 ? '#D64545' : '#2B3A46'}"/>`,
  ).join('');

const consumerUnit = (x: number, y: number, w: number, rows: number) => {
  const pitch = (w - 60) / 8;
  const body = 70 + rows * 130;
  const rowsSvg = Array.from({ length: rows }, (_, r) => breakers(x + 34, y + 50 + r * 130, 8, pitch)).join(
    '',
  );
  return `<rect x="${x + 10}" y="${y + 14}" width="${w}" height="${body}" rx="18" fill="#000000" opacity=".18"/>
<rect x="${x}" y="${y}" width="${w}" height="${body}" rx="18" fill="#FFFFFF" stroke="#CCD3D8" stroke-width="4"/>
<rect x="${x + 20}" y="${y + 30}" width="${w - 40}" height="${body - 60}" rx="10" fill="#E6EAED"/>${rowsSvg}`;
};

const glow = (id: string, colour: string) =>
  `<radialGradient id="${id}" cx=".5" cy="0" r="1"><stop offset="0" stop-color="${colour}" stop-opacity=".55"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;

const pendant = (x: number, drop: number) =>
  `<path d="M${x - 150} ${drop + 60} L${x - 260} 900 H${x + 260} L${x + 150} ${drop + 60}z" fill="url(#beam)"/>
<line x1="${x}" y1="0" x2="${x}" y2="${drop}" stroke="#11181D" stroke-width="5"/>
<path d="M${x - 70} ${drop + 60} q0 -60 70 -60 q70 0 70 60z" fill="#11181D"/>
<circle cx="${x}" cy="${drop + 66}" r="20" fill="#FFD54D"/>`;

export const electricianCover = () =>
  svg(
    1600,
    900,
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2E3E4A"/><stop offset="1" stop-color="#1C2730"/></linearGradient>${glow('beam', '#FFD54D')}</defs>
<rect width="1600" height="900" fill="url(#wall)"/>
${consumerUnit(110, 170, 420, 2)}
<path d="M250 170 V0 M330 170 V0" stroke="#9AA6AE" stroke-width="14"/>
${pendant(820, 230)}${pendant(1080, 230)}${pendant(1340, 230)}
<rect x="680" y="640" width="840" height="40" rx="6" fill="#C9A27A"/>
<rect x="700" y="680" width="800" height="220" fill="#3D5666"/>
<g stroke="#2E4554" stroke-width="6"><line x1="967" y1="690" x2="967" y2="900"/><line x1="1234" y1="690" x2="1234" y2="900"/></g>
<rect x="560" y="470" width="66" height="96" rx="10" fill="#F4F5F6"/><rect x="582" y="494" width="22" height="22" rx="3" fill="#B8C0C6"/><rect x="582" y="528" width="22" height="22" rx="3" fill="#B8C0C6"/>`,
  );

export const electricianPortrait = () =>
  svg(
    600,
    600,
    `<rect width="600" height="600" fill="#FFF1BF"/>
<path d="M80 600 q30 -215 220 -215 q190 0 220 215z" fill="#243B4A"/>
<path d="M160 600 l40 -190 l100 70 l100 -70 l40 190z" fill="#FFC629"/><path d="M205 600 l20 -150 M395 600 l-20 -150" stroke="#C9CED2" stroke-width="14"/>
<rect x="268" y="350" width="64" height="60" fill="#B07A55"/>
<circle cx="300" cy="245" r="118" fill="#B07A55"/>
<path d="M186 232 q0 -140 114 -140 q114 0 114 140 q-20 -70 -114 -74 q-94 4 -114 74z" fill="#2A211C"/>
<path d="M214 296 q16 86 86 88 q70 -2 86 -88 q-28 26 -86 28 q-58 -2 -86 -28z" fill="#3A2C24"/>`,
  );

export const consumerUnitWork = () =>
  svg(
    1200,
    1500,
    `<rect width="1200" height="1500" fill="#E9E5DE"/>
<g stroke="#A9B2B8" stroke-width="22" fill="none"><path d="M380 0 V330"/><path d="M520 0 V330"/><path d="M660 0 V330"/><path d="M800 0 V330"/></g>
${consumerUnit(200, 320, 800, 3)}
<rect x="200" y="830" width="800" height="4" fill="#CCD3D8"/>
<rect y="1300" width="1200" height="200" fill="#CFC6B8"/>`,
  );

export const downlightsWork = () =>
  svg(
    1500,
    1000,
    `<defs>${glow('cone', '#FFE7A3')}</defs>
<rect width="1500" height="1000" fill="#F2ECE3"/><rect width="1500" height="120" fill="#FBF8F3"/>
${[250, 600, 950, 1300].map((x) => `<path d="M${x - 40} 120 L${x - 210} 1000 H${x + 210} L${x + 40} 120z" fill="url(#cone)"/><ellipse cx="${x}" cy="120" rx="44" ry="10" fill="#FFF6D6" stroke="#D9CBA8" stroke-width="4"/>`).join('')}
<rect y="760" width="1500" height="240" fill="#B98B62"/>
<rect x="330" y="560" width="760" height="230" rx="40" fill="#47616F"/><rect x="300" y="620" width="100" height="200" rx="30" fill="#3B5260"/><rect x="1020" y="620" width="100" height="200" rx="30" fill="#3B5260"/>
<rect x="390" y="500" width="290" height="140" rx="30" fill="#56717F"/><rect x="740" y="500" width="290" height="140" rx="30" fill="#56717F"/>
<rect x="1210" y="430" width="66" height="66" rx="10" fill="#FFFFFF" stroke="#CFC7BB" stroke-width="4"/><rect x="1232" y="446" width="22" height="34" rx="4" fill="#D9D2C7"/>
<rect x="140" y="640" width="90" height="140" rx="12" fill="#C86B3C"/><circle cx="185" cy="590" r="80" fill="#5E8C61"/>`,
  );

const bricks = (w: number, h: number) => {
  const rows: string[] = [];
  for (let y = 0, row = 0; y < h; y += 60, row += 1)
    for (let x = row % 2 ? -80 : 0; x < w; x += 160)
      rows.push(
        `<rect x="${x + 4}" y="${y + 4}" width="152" height="52" rx="4" fill="${(x + row * 7) % 3 ? '#B5603F' : '#A5553A'}"/>`,
      );
  return `<rect width="${w}" height="${h}" fill="#D9CDBE"/>${rows.join('')}`;
};

export const evChargerWork = () =>
  svg(
    1200,
    1200,
    `${bricks(1200, 1200)}
<rect x="210" y="310" width="300" height="420" rx="40" fill="#000000" opacity=".2"/>
<rect x="190" y="290" width="300" height="420" rx="40" fill="#F5F6F7"/>
<circle cx="340" cy="430" r="70" fill="none" stroke="#FFC629" stroke-width="18"/><circle cx="340" cy="430" r="20" fill="#2B3A46"/>
<rect x="270" y="570" width="140" height="18" rx="9" fill="#CCD3D8"/>
<path d="M340 710 q0 140 -80 190 q-90 60 40 110 q150 50 170 -40" fill="none" stroke="#1F2933" stroke-width="26" stroke-linecap="round"/>
<rect y="1040" width="1200" height="160" fill="#6E6A64"/>
<path d="M700 1040 V780 q0 -120 120 -150 l260 -60 q120 -20 120 100 V1040z" fill="#2F6F9F"/>
<rect x="760" y="720" width="340" height="120" rx="24" fill="#BFD8EA"/><circle cx="820" cy="1040" r="80" fill="#1F2933"/><circle cx="820" cy="1040" r="34" fill="#9AA6AE"/>`,
  );

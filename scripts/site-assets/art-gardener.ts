import { svg } from './svg';

/** Illustrations for the sample landscape gardener, drawn like the demo's: flat shapes, honest drawings. */

const stripes = (x: number, y: number, w: number, h: number, band: number) =>
  Array.from(
    { length: Math.ceil(w / band) },
    (_, i) =>
      `<rect x="${x + i * band}" y="${y}" width="${band}" height="${h}" fill="${i % 2 ? '#6FAE5A' : '#7DBC66'}"/>`,
  ).join('');

const tree = (x: number, y: number, r: number, leaf: string) =>
  `<rect x="${x - r * 0.12}" y="${y}" width="${r * 0.24}" height="${r * 1.3}" fill="#7A5634"/><circle cx="${x}" cy="${y}" r="${r}" fill="${leaf}"/><circle cx="${x - r * 0.55}" cy="${y + r * 0.35}" r="${r * 0.7}" fill="${leaf}"/><circle cx="${x + r * 0.6}" cy="${y + r * 0.3}" r="${r * 0.65}" fill="${leaf}"/>`;

const flowers = (x: number, y: number, w: number, colours: string[]) =>
  Array.from({ length: Math.floor(w / 46) }, (_, i) => {
    const cx = x + 23 + i * 46;
    const cy = y + ((i * 37) % 50);
    return `<path d="M${cx} ${cy + 70} V${cy + 14}" stroke="#3F7A3A" stroke-width="6"/><circle cx="${cx}" cy="${cy}" r="18" fill="${colours[i % colours.length]}"/><circle cx="${cx}" cy="${cy}" r="6" fill="#FFE08A"/>`;
  }).join('');

const fence = (x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#9C7A58"/>${Array.from(
    { length: Math.floor(w / 40) },
    (_, i) =>
      `<rect x="${x + i * 40 + 2}" y="${y}" width="36" height="${h}" fill="${i % 2 ? '#A6845F' : '#AE8C66'}"/>`,
  ).join('')}`;

const paving = (x: number, y: number, w: number, h: number, size: number) => {
  const slabs: string[] = [];
  for (let j = 0; j < h; j += size / 2)
    for (let i = (j / (size / 2)) % 2 ? -size / 2 : 0; i < w; i += size)
      slabs.push(
        `<rect x="${x + i + 3}" y="${y + j + 3}" width="${size - 6}" height="${size / 2 - 6}" rx="3"/>`,
      );
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#B9B4AB"/><g fill="#DAD6CF">${slabs.join('')}</g>`;
};

const sky = (w: number, h: number) =>
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#BFE0F2"/><stop offset="1" stop-color="#EAF5F7"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/>`;

export const gardenCover = () =>
  svg(
    1600,
    900,
    `${sky(1600, 900)}<circle cx="1380" cy="150" r="70" fill="#FFE9A8"/>
${tree(200, 260, 150, '#4E8A4A')}${tree(1450, 300, 120, '#5E9B55')}
${fence(0, 380, 1600, 200)}
${stripes(0, 560, 1600, 180, 100)}
${paving(0, 720, 1600, 180, 160)}
<rect x="980" y="470" width="460" height="120" rx="8" fill="#7A5634"/>${flowers(990, 400, 440, ['#E46F8E', '#F4A23C', '#B07CD8'])}
<g fill="#8A6440"><rect x="170" y="560" width="300" height="26" rx="6"/><rect x="170" y="600" width="300" height="26" rx="6"/><rect x="190" y="620" width="22" height="80"/><rect x="428" y="620" width="22" height="80"/></g>`,
  );

export const gardenerPortrait = () =>
  svg(
    600,
    600,
    `<rect width="600" height="600" fill="#DDEFD6"/>
<circle cx="300" cy="110" r="56" fill="#8C4B2F"/>
<path d="M80 600 q30 -215 220 -215 q190 0 220 215z" fill="#2E7D4F"/><path d="M250 390 q50 40 100 0" fill="none" stroke="#25663F" stroke-width="12"/>
<rect x="270" y="350" width="60" height="60" fill="#E6B48F"/>
<circle cx="300" cy="245" r="115" fill="#E6B48F"/>
<path d="M184 250 q-6 -150 116 -150 q122 0 116 150 q-30 -90 -116 -96 q-86 6 -116 96z" fill="#8C4B2F"/>`,
  );

export const raisedBedsWork = () =>
  svg(
    1200,
    1500,
    `<rect width="1200" height="1500" fill="#7DBC66"/>${stripes(0, 0, 1200, 1500, 120)}
<path d="M520 0 h160 l120 1500 h-400z" fill="#CDBFA8"/>
${[120, 820].map((x) => `<rect x="${x}" y="260" width="260" height="1000" rx="10" fill="#7A5634"/><rect x="${x + 24}" y="284" width="212" height="952" fill="#5A3F28"/>${Array.from({ length: 9 }, (_, i) => `<circle cx="${x + 80 + (i % 2) * 100}" cy="${340 + i * 105}" r="52" fill="${i % 3 ? '#4E8A4A' : '#6BA85C'}"/>`).join('')}`).join('')}
${flowers(150, 150, 200, ['#E46F8E', '#F4A23C'])}${flowers(850, 150, 200, ['#B07CD8', '#E46F8E'])}`,
  );

export const patioWork = () =>
  svg(
    1500,
    1000,
    `${sky(1500, 1000)}${fence(0, 260, 1500, 260)}
${paving(0, 500, 1500, 500, 200)}
<g fill="#8A6440"><rect x="240" y="140" width="40" height="560"/><rect x="1220" y="140" width="40" height="560"/><rect x="180" y="120" width="1140" height="40" rx="6"/></g>
<g fill="#9C7450">${Array.from({ length: 9 }, (_, i) => `<rect x="${250 + i * 125}" y="100" width="26" height="80" rx="4"/>`).join('')}</g>
<ellipse cx="750" cy="760" rx="230" ry="50" fill="#000000" opacity=".12"/><rect x="540" y="620" width="420" height="34" rx="10" fill="#3F4A52"/><rect x="600" y="654" width="20" height="110" fill="#3F4A52"/><rect x="880" y="654" width="20" height="110" fill="#3F4A52"/>
<path d="M300 700 q-60 -160 40 -260 q40 120 0 260z M1200 700 q60 -160 -40 -260 q-40 120 0 260z" fill="#4E8A4A"/>
<rect x="250" y="640" width="110" height="110" rx="10" fill="#C86B3C"/><rect x="1140" y="640" width="110" height="110" rx="10" fill="#C86B3C"/>`,
  );

export const lawnWork = () =>
  svg(
    1200,
    1200,
    `${sky(1200, 1200)}${tree(980, 190, 130, '#4E8A4A')}${fence(0, 300, 1200, 300)}
<rect y="560" width="1200" height="140" fill="#5A3F28"/>${flowers(10, 540, 1180, ['#E46F8E', '#F4A23C', '#B07CD8', '#FFFFFF'])}
${stripes(0, 700, 1200, 500, 150)}
<path d="M0 700 q600 60 1200 0" fill="none" stroke="#CDBFA8" stroke-width="18"/>`,
  );

/**
 * Illustrations for the sample profile, drawn as SVG and put through the same image intake as any upload. We have
 * no stock photos to ship (and the display rules drop "stock" images anyway), so these are honest drawings.
 */

const tiles = (x: number, y: number, w: number, h: number, size: number, fill: string, grout: string) => {
  const lines: string[] = [];
  for (let i = x; i <= x + w; i += size) lines.push(`<line x1="${i}" y1="${y}" x2="${i}" y2="${y + h}"/>`);
  for (let j = y; j <= y + h; j += size / 2)
    lines.push(`<line x1="${x}" y1="${j}" x2="${x + w}" y2="${j}"/>`);
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/><g stroke="${grout}" stroke-width="3">${lines.join('')}</g>`;
};

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

export const coverIllustration = () =>
  svg(
    1600,
    900,
    `<defs><linearGradient id="light" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FDF6EE"/><stop offset="1" stop-color="#EAD9C6"/></linearGradient></defs>
<rect width="1600" height="900" fill="url(#light)"/>
${tiles(0, 0, 1600, 560, 160, '#E9EEF0', '#CBD5DA')}
<rect y="560" width="1600" height="340" fill="#8A6A4F"/>
<rect x="180" y="430" width="620" height="230" rx="110" fill="#FFFFFF" stroke="#D7DEE2" stroke-width="8"/>
<rect x="260" y="660" width="26" height="90" fill="#B9C2C7"/><rect x="690" y="660" width="26" height="90" fill="#B9C2C7"/>
<path d="M720 430 v-140 a40 40 0 0 1 80 0" fill="none" stroke="#9AA5AB" stroke-width="14"/>
<rect x="1000" y="140" width="420" height="300" rx="20" fill="#DCE7EC" stroke="#B0BEC5" stroke-width="10"/>
<rect x="1020" y="470" width="380" height="220" rx="14" fill="#F47629"/><rect x="1060" y="500" width="300" height="24" rx="12" fill="#FFFFFF" opacity=".6"/>
<circle cx="1330" cy="300" r="70" fill="#FFFFFF" opacity=".35"/>`,
  );

export const showerIllustration = () =>
  svg(
    1200,
    1500,
    `${tiles(0, 0, 1200, 1500, 150, '#F3F1EC', '#D4CFC4')}
<rect x="120" y="150" width="960" height="1200" fill="#2F3A40" opacity=".08"/>
<path d="M600 180 v120" stroke="#8D979C" stroke-width="18"/><circle cx="600" cy="330" r="70" fill="#B0B8BC"/>
<g fill="#9FD3E6" opacity=".7">${Array.from({ length: 24 }, (_, i) => `<rect x="${545 + (i % 6) * 20}" y="${420 + Math.floor(i / 6) * 60}" width="6" height="36" rx="3"/>`).join('')}</g>
<rect x="780" y="140" width="26" height="1220" fill="#C9D3D8"/><rect x="806" y="140" width="300" height="1220" fill="#D9EEF5" opacity=".45"/>
<rect x="120" y="1350" width="960" height="40" fill="#BFB7A8"/>`,
  );

export const bathIllustration = () =>
  svg(
    1500,
    1000,
    `${tiles(0, 0, 1500, 640, 125, '#E4ECE8', '#C2D0CA')}
<rect y="640" width="1500" height="360" fill="#D8CBB8"/>
<path d="M360 560 h780 a30 30 0 0 1 30 30 q-30 230 -300 240 h-240 q-270 -10 -300 -240 a30 30 0 0 1 30 -30z" fill="#FFFFFF" stroke="#CFD8DC" stroke-width="8"/>
<rect x="470" y="830" width="24" height="70" fill="#A7B1B6"/><rect x="1006" y="830" width="24" height="70" fill="#A7B1B6"/>
<path d="M1080 560 v-170 h60" fill="none" stroke="#8D979C" stroke-width="16"/>
<rect x="180" y="260" width="140" height="220" rx="10" fill="#5E8C61"/><circle cx="250" cy="240" r="70" fill="#76A679"/>`,
  );

export const vanityIllustration = () =>
  svg(
    1200,
    1200,
    `<rect width="1200" height="1200" fill="#F6F1EA"/>${tiles(0, 700, 1200, 500, 100, '#E3DED6', '#C9C1B5')}
<rect x="360" y="130" width="480" height="380" rx="190" fill="#DCE9EF" stroke="#B99C72" stroke-width="16"/>
<rect x="260" y="560" width="680" height="60" rx="10" fill="#FFFFFF" stroke="#D5D5D5" stroke-width="6"/>
<rect x="290" y="620" width="620" height="330" rx="12" fill="#2F4858"/>
<rect x="320" y="650" width="270" height="270" rx="8" fill="#3B5A6E"/><rect x="610" y="650" width="270" height="270" rx="8" fill="#3B5A6E"/>
<rect x="570" y="770" width="60" height="14" rx="7" fill="#D9B26F"/><path d="M600 560 v-70 h50" fill="none" stroke="#B99C72" stroke-width="14"/>`,
  );

export const portraitIllustration = () =>
  svg(
    600,
    600,
    `<rect width="600" height="600" fill="#FBE3D1"/>
<circle cx="300" cy="240" r="120" fill="#C98D6B"/><path d="M180 200 q120 -120 240 0 v-40 q-120 -110 -240 0z" fill="#3E2C23"/>
<path d="M90 600 q30 -210 210 -210 q180 0 210 210z" fill="#F47629"/><rect x="270" y="360" width="60" height="50" fill="#C98D6B"/>`,
  );

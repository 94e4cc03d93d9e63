/**
 * The PDF's built-in fonts draw only Windows-1252 (WinAnsi): Latin-1, and these from its 0x80–0x9F row. Anything
 * else would come out as other letters, so a name like "Łukasz" is written "Lukasz" rather than garbled.
 */
const EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const DRAWN = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || EXTRA.has(char);
};
/** Letters that carry their mark inside them, so taking accents off (NFD) leaves them as they were. */
const PLAIN: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
};

export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/[\t\r\n]+/g, ' ')) {
    if (DRAWN(char)) out += char;
    else {
      const bare = (PLAIN[char] ?? char.normalize('NFD').replace(/\p{M}+/gu, '')).normalize('NFC');
      out += [...bare].every(DRAWN) && bare ? bare : '?';
    }
  }
  return out;
}

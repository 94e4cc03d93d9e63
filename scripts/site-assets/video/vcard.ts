/** The few vCard 3.0 properties the contact screen shows, read from the server's contact.vcf. */
export type Contact = {
  name: string;
  title: string;
  org: string;
  tel: string;
  email: string;
  url: string;
  note: string;
  /** The JPEG the vCard carries, if any. */
  photo: Buffer | null;
};

const unescapeText = (value: string) => value.replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, ' ');

export function parseVcard(text: string): Contact {
  // Folded lines continue with a leading space (RFC 6350 §3.2).
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const props = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = (line.slice(0, colon).split(';')[0] ?? '').toUpperCase();
    if (!props.has(name)) props.set(name, line.slice(colon + 1));
  }
  const get = (name: string) => unescapeText(props.get(name) ?? '');
  const photo = props.get('PHOTO');
  return {
    name: get('FN'),
    title: get('TITLE'),
    org: get('ORG').replace(/;+$/, ''),
    tel: get('TEL'),
    email: get('EMAIL'),
    url: get('URL'),
    note: get('NOTE'),
    photo: photo ? Buffer.from(photo, 'base64') : null,
  };
}

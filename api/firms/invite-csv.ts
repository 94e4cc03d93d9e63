import { z } from 'zod';

/** Rows a CSV of invitations may hold: more than a day's invitations (INVITES_PER_DAY) is refused row by row anyway. */
export const MAX_CSV_ROWS = 200;

export type CsvInvitee = { line: number; name: string | null; email: string };
export type CsvRefusal = { line: number; text: string; error: string };

const email = z.email();
const NAME_MAX = 80;

/** One line's fields: commas separate them, double quotes may wrap one (a quote inside doubled), as spreadsheets write. */
function fieldsOf(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',' || char === ';' || char === '\t') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

/** What is wrong with a line's fields, in words for the admin; null when it is an invitee. */
function problemOf(fields: string[], seen: Set<string>, linesSoFar: number): string | null {
  if (linesSoFar >= MAX_CSV_ROWS)
    return `A file may hold ${MAX_CSV_ROWS} people at most: send the rest in another.`;
  const addresses = fields.filter((field) => field.includes('@'));
  if (addresses.length !== 1 || fields.length > 2)
    return 'Each line needs one email address, and a name beside it if you like.';
  const address = (addresses[0] as string).toLowerCase();
  if (!email.safeParse(address).success || address.length > 254)
    return `“${address.slice(0, 100)}” isn’t a valid email address.`;
  const name = fields.find((field) => !field.includes('@'));
  if (name !== undefined && name.length > NAME_MAX) return `Please keep the name to ${NAME_MAX} characters.`;
  if (seen.has(address)) return `${address} is on an earlier line already.`;
  return null;
}

/**
 * Issue 32: a team imported from a spreadsheet. Each line is a name and an email address, in either order, or an
 * address alone; a first line of headings ("Name,Email") is skipped. Every line is either an invitee or a refusal
 * saying what is wrong with it, by its line number, so the admin can mend the sheet and send the rest again.
 */
export function readInviteCsv(csv: string): { invitees: CsvInvitee[]; refused: CsvRefusal[] } {
  const invitees: CsvInvitee[] = [];
  const refused: CsvRefusal[] = [];
  const seen = new Set<string>();
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (const [index, text] of lines.entries()) {
    const line = index + 1;
    const fields = fieldsOf(text).filter((field) => field !== '');
    if (fields.length === 0) continue;
    if (line === 1 && fields.some((field) => /^e-?mail/i.test(field)) && !fields.some((f) => f.includes('@')))
      continue;
    const problem = problemOf(fields, seen, invitees.length + refused.length);
    if (problem) {
      refused.push({ line, text: text.slice(0, 200), error: problem });
      continue;
    }
    const address = (fields.find((field) => field.includes('@')) as string).toLowerCase();
    seen.add(address);
    invitees.push({ line, name: fields.find((field) => !field.includes('@')) ?? null, email: address });
  }
  return { invitees, refused };
}

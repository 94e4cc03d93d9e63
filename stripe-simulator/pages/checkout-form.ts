import { isTestCard, type TestCard } from '../customers';
import type { ShippingDetails } from '../objects';

export const FIELDS = ['name', 'line1', 'line2', 'city', 'state', 'postal_code', 'country', 'card'] as const;
export type Field = (typeof FIELDS)[number];
export type FormValues = Record<Field, string>;
export type FormErrors = Partial<Record<Field, string>>;

export const MAX_LENGTH = 200;

export const EMPTY_FORM: FormValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'GB',
  card: '4242',
};

/** Form fields as trimmed strings; a pasted newline or tab becomes a space, as it would on a label. */
export function readForm(body: Record<string, unknown>): FormValues {
  const values = { ...EMPTY_FORM };
  for (const field of FIELDS) {
    const raw = body[field];
    values[field] = typeof raw === 'string' ? raw.replace(/\p{Cc}+/gu, ' ').trim() : '';
  }
  return values;
}

const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})$/;
const POSTCODE = /^[A-Z\d][A-Z\d -]{1,10}$/;

const REQUIRED: Partial<Record<Field, string>> = {
  name: 'Enter the full name of the person the cards go to.',
  line1: 'Enter the first line of the address.',
  city: 'Enter the town or city.',
  postal_code: 'Enter the postcode.',
};

const LABELS: Record<Field, string> = {
  name: 'Full name',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'Town or city',
  state: 'County',
  postal_code: 'Postcode',
  country: 'Country',
  card: 'Test card',
};

/** 'SW1A1AA' and 'sw1a 1aa' both become 'SW1A 1AA', the form Royal Mail prints. */
function postcodeProblem(values: FormValues): string | null {
  const code = values.postal_code.toUpperCase().replace(/\s+/g, ' ');
  const uk = UK_POSTCODE.exec(code.replace(/ /g, ''));
  if (values.country === 'GB') {
    if (!uk) return 'Enter a real UK postcode, like SW1A 1AA.';
    values.postal_code = `${uk[1]} ${uk[2]}`;
    return null;
  }
  if (!POSTCODE.test(code)) return 'Enter a postcode of letters and numbers, as it is written locally.';
  values.postal_code = code;
  return null;
}

export type CheckedForm =
  | { ok: true; card: TestCard; shipping: ShippingDetails | null }
  | { ok: false; errors: FormErrors };

/**
 * A session that collects a shipping address (`countries` it ships to) needs one; every session needs a card.
 * `values` is tidied in place for re-display.
 */
export function checkForm(countries: readonly string[] | null, values: FormValues): CheckedForm {
  const errors: FormErrors = {};
  if (countries) {
    for (const field of FIELDS) {
      const message = REQUIRED[field];
      if (message && values[field] === '') errors[field] = message;
      else if (values[field].length > MAX_LENGTH)
        errors[field] = `${LABELS[field]} must be ${MAX_LENGTH} characters or fewer.`;
    }
    if (!countries.includes(values.country)) errors.country = 'Choose a country we ship to.';
    else if (!errors.postal_code) {
      const problem = postcodeProblem(values);
      if (problem) errors.postal_code = problem;
    }
  }
  if (!isTestCard(values.card)) errors.card = 'Choose one of the test cards.';
  if (Object.keys(errors).length > 0 || !isTestCard(values.card)) return { ok: false, errors };
  if (!countries) return { ok: true, card: values.card, shipping: null };
  const address = {
    line1: values.line1,
    line2: values.line2 || null,
    city: values.city,
    state: values.state || null,
    postal_code: values.postal_code,
    country: values.country,
  };
  return { ok: true, card: values.card, shipping: { name: values.name, address } };
}

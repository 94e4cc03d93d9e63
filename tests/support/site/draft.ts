import type { ImageRef } from '../../../events/card/content';
import {
  type Draft,
  type EditorImage,
  emptyDraft,
  newKey,
  savedImage,
} from '../../../site/src/app/editor/draft';

/** Test data only: stored photos, picked files and a filled-in draft. */

let next = 0;
export function storedRef(width = 1600, height = 1200): ImageRef {
  next += 1;
  return { id: next.toString(16).padStart(24, 'b'), width, height, widths: [320, 640, width] };
}

export const stored = (): EditorImage => savedImage(storedRef());

/** A photo picked in the editor: still going up, or (`stored`) stored by the API already. */
export function picked(name = 'photo.png', type = 'image/png', stored: ImageRef | null = null): EditorImage {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type });
  return { kind: 'new', key: newKey('new'), file, url: `blob:test/${name}`, width: 800, height: 600, stored };
}

export const filledDraft = (overrides: Partial<Draft> = {}): Draft => ({
  ...emptyDraft(),
  main_heading: 'Pipe Dreams Plumbing',
  sub_heading: 'Boilers and bathrooms in Leeds',
  full_name: 'Dana Pipe',
  contact_email: 'dana@example.com',
  phone_number: '0113 496 0000',
  services: [{ key: 's1', name: 'Boiler service', price: '£80' }],
  reviews: [{ key: 'r1', name: 'Sam', text: 'Great job', rating: 5 }],
  whatsapp_greeting: 'Hi Dana, I have a leak.',
  opening_hours: [
    { day: 'monday', opens: '08:00', closes: '17:00' },
    { day: 'saturday', opens: '09:00', closes: '12:30' },
  ],
  emergency_callout: { on: true, hours: '24/7', note: 'No heating? Call.' },
  areas_covered: ['Leeds', 'LS6'],
  credentials: [{ key: 'c1', scheme: 'gas_safe', name: '', number: '1234567', url: '' }],
  ...overrides,
});

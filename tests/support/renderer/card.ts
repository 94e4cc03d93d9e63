import type { CardContent, ImageRef } from '../../../events/card/content';
import { defaultCardContent } from '../../../events/card/content';

/** Test data only: a realistic, fully filled card, like the spec's sample bathroom renovator. */

let next = 0;
export function imageRef(width = 1600, height = 1200): ImageRef {
  next += 1;
  const widths = [320, 640, 1024].filter((candidate) => candidate < width);
  return { id: next.toString(16).padStart(24, 'a'), width, height, widths: [...widths, width] };
}

export const fullCard = (overrides: Partial<CardContent> = {}): CardContent => ({
  ...defaultCardContent(),
  cover_photo: imageRef(1600, 900),
  avatar: imageRef(800, 800),
  main_heading: 'Bathrooms fitted right, first time',
  sub_heading: 'Full bathroom renovations across Leeds and Bradford',
  full_name: 'Dave Thompson',
  job_title: 'Bathroom Fitter & Tiler',
  business_card_name: 'Thompson Bathrooms',
  bio:
    'I have been fitting bathrooms across West Yorkshire for over fifteen years. From a leaking shower tray to a ' +
    'complete strip-out and refit, I do the plumbing, tiling and finishing myself, so you deal with one person ' +
    'from the first visit to the final clean. Fully insured, Gas Safe registered and happy to give free quotes. ' +
    'Most jobs are finished within a week, and I always leave the house as tidy as I found it.',
  works: [imageRef(), imageRef(), imageRef(1200, 1600)],
  services: [
    { name: 'Full bathroom refit', price: 'From £4,500' },
    { name: 'Shower installation', price: 'From £650' },
    { name: 'Wall & floor tiling', price: '£45 per m²' },
    { name: 'Leak repairs', price: 'Call for a quote' },
  ],
  reviews: [
    {
      name: 'Sarah M.',
      text: 'Dave refitted our bathroom in five days. Tidy, on time and on budget.',
      rating: 5,
    },
    {
      name: 'James P.',
      text: 'Fixed a leak two other plumbers could not find. Fair price, highly recommended.',
      rating: 5,
    },
    {
      name: 'Priya K.',
      text: 'Lovely tiling work and great advice on the layout. Would use again.',
      rating: 4,
    },
  ],
  contact_email: 'dave@thompsonbathrooms.co.uk',
  phone_number: '+44 7700 900123',
  facebook_url: 'https://facebook.com/thompsonbathrooms',
  instagram_url: 'https://instagram.com/thompsonbathrooms',
  linkedin_url: 'https://linkedin.com/in/davethompson',
  x_url: 'https://x.com/thompsonbaths',
  tiktok_url: 'https://tiktok.com/@thompsonbathrooms',
  whatsapp_greeting: 'Hi Dave, I found your page and I’d like a price for a new bathroom.',
  opening_hours: [
    { day: 'monday', opens: '08:00', closes: '17:30' },
    { day: 'tuesday', opens: '08:00', closes: '17:30' },
    { day: 'wednesday', opens: '08:00', closes: '17:30' },
    { day: 'thursday', opens: '08:00', closes: '17:30' },
    { day: 'friday', opens: '08:00', closes: '16:00' },
    { day: 'saturday', opens: '09:00', closes: '12:00' },
  ],
  emergency_callout: {
    on: true,
    hours: 'Evenings and weekends',
    note: 'Leaks and blocked drains within two hours.',
  },
  areas_covered: ['Leeds', 'Bradford', 'Horsforth', 'Otley', 'Pudsey', 'LS1', 'LS6', 'LS18', 'BD1', 'BD10'],
  credentials: [
    { scheme: 'gas_safe', name: '', number: '7654321', url: '' },
    {
      scheme: 'checkatrade',
      name: '',
      number: '',
      url: 'https://www.checkatrade.com/trades/thompsonbathrooms',
    },
    { scheme: 'trustmark', name: '', number: '1000002', url: '' },
    {
      scheme: 'other',
      name: 'Guild of Master Craftsmen',
      number: 'GMC 4412',
      url: 'https://www.guildmc.com/members/thompson',
    },
  ],
  ...overrides,
});

/** A full card with every section switched off: the not-set-up page. */
export const everySectionHidden = (): CardContent => ({
  ...fullCard(),
  show_main_section: false,
  show_about_me_section: false,
  show_work_section: false,
  show_services_section: false,
  show_reviews_section: false,
  show_contact_section: false,
});

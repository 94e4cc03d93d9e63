/**
 * The spec's sample profile (SPEC §2 "Editor"): a bathroom renovator with three work images, four services and
 * three reviews, and every section issue 17 added filled in, so /u/demo shows (and its size budget weighs) them all.
 * The phone number is a mobile from Ofcom's range kept for drama (07700 900000 to 900999), so it rings no real person
 * and the page offers WhatsApp; the credentials' numbers and listing are made up.
 */
export const SAMPLE_USERNAME = 'demo';

export const sampleCardFields = {
  page_theme: 'light',
  style: 'Montserrat',
  text_alignment: 'left',
  button_bg_color: '#F47629',
  button_text_color: 'black',
  work_display_mode: 'carousel',
  services_display_mode: 'list',
  reviews_display_mode: 'list',
  main_heading: 'Taylor & Sons Bathrooms',
  sub_heading: 'Bathroom design, fitting and tiling across Bristol and Bath',
  full_name: 'Sam Taylor',
  job_title: 'Bathroom renovation specialist',
  business_card_name: 'Taylor & Sons Bathrooms',
  bio: 'Family-run since 2009. We strip out, re-plumb, tile and fit complete bathrooms and wet rooms, usually in under two weeks, and we leave the house cleaner than we found it. Fully insured, Which? Trusted Trader, free quotes within 48 hours.',
  services: JSON.stringify([
    { name: 'Full bathroom renovation', price: 'from £6,500' },
    { name: 'Wet room conversion', price: 'from £4,800' },
    { name: 'Wall and floor tiling', price: '£45 per m²' },
    { name: 'Shower replacement', price: 'from £650' },
  ]),
  reviews: JSON.stringify([
    {
      name: 'Priya K., Clifton',
      text: 'Sam and the team turned a tired 1970s bathroom into something out of a magazine. On time, on budget, spotless.',
      rating: 5,
    },
    {
      name: 'Martin H., Keynsham',
      text: 'Great advice on the wet room layout and beautiful tiling. Would use again without a second thought.',
      rating: 5,
    },
    {
      name: 'Louise B., Bath',
      text: 'Friendly, tidy and honest about what we did and didn’t need. The new shower is brilliant.',
      rating: 4,
    },
  ]),
  contact_email: 'hello@taylorandsons.example',
  phone_number: '07700 900123',
  facebook_url: 'https://www.facebook.com/taylorandsonsbathrooms',
  instagram_url: 'https://www.instagram.com/taylorandsonsbathrooms',
  whatsapp_greeting: 'Hello Sam, I found your page and I’d like a quote for a bathroom.',
  opening_hours: JSON.stringify([
    ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
      day,
      opens: '08:00',
      closes: '18:00',
    })),
    { day: 'saturday', opens: '09:00', closes: '13:00' },
  ]),
  emergency_callout: JSON.stringify({
    on: true,
    hours: '24/7',
    note: 'Burst pipe, leak or no water? Call any time, day or night.',
  }),
  areas_covered: JSON.stringify([
    'Bristol',
    'Bath',
    'Keynsham',
    'Portishead',
    'Clevedon',
    'BS1',
    'BS3',
    'BS4',
    'BS8',
    'BA1',
  ]),
  credentials: JSON.stringify([
    { scheme: 'gas_safe', number: '1234567' },
    { scheme: 'checkatrade', url: 'https://www.checkatrade.com/trades/taylorandsonsbathrooms' },
    { scheme: 'trustmark', number: '1000001' },
  ]),
};

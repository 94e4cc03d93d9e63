// Testimonials for /reviews, the home page teaser and the product pages.

export type Review = {
  name: string;
  trade: string;
  town: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  product: 'card' | 'subscription';
};

export const REVIEWS: Review[] = [
  {
    name: 'Dave Hollins',
    trade: 'Plumber',
    town: 'Swindon',
    rating: 5,
    text:
      'Tapped it on a customer’s phone while I was still in the hallway, and she had my number saved ' +
      'before I’d finished measuring up. Looks a lot more professional than handing over a dog-eared card ' +
      'from the glovebox.',
    product: 'card',
  },
  {
    name: 'Priya Mistry',
    trade: 'Electrician',
    town: 'Leicester',
    rating: 5,
    text:
      'Feels like a proper bank card, not a cheap sticker. Works on every iPhone I’ve tried, and the QR ' +
      'code on it sorts out the odd older phone that won’t read the tap.',
    product: 'card',
  },
  {
    name: 'Gareth Pugh',
    trade: 'Roofer',
    town: 'Cardiff',
    rating: 4,
    text:
      'Does exactly what it says. Took just over a week to turn up on standard delivery, so order it ' +
      'before you need it. It’s been in my wallet up ladders and on scaffolds since and still opens my ' +
      'page first time.',
    product: 'card',
  },
  {
    name: 'Sean McAllister',
    trade: 'Builder',
    town: 'Belfast',
    rating: 5,
    text:
      'Changed my mobile number last month and didn’t have to reprint a thing. Updated the page, and the ' +
      'card in my wallet just opened the new version. Wish I’d done it years ago.',
    product: 'card',
  },
  {
    name: 'Tom Ashworth',
    trade: 'Joiner',
    town: 'Stockport',
    rating: 5,
    text:
      'Ordered three: one for my wallet, one for the van and one for my partner, who does the books. ' +
      'Customers like the tap, and a couple of older ones just scanned the QR code instead. No problem at ' +
      'all.',
    product: 'card',
  },
  {
    name: 'Kerry Dunne',
    trade: 'Gas engineer',
    town: 'Norwich',
    rating: 5,
    text:
      'I tap it on the customer’s phone at the end of every boiler service. Next time something plays up, ' +
      'they ring me instead of searching online for whoever comes up first.',
    product: 'card',
  },
  {
    name: 'Mark Ellison',
    trade: 'Bathroom fitter',
    town: 'Leeds',
    rating: 5,
    text:
      'Set my page up on a Sunday evening in about half an hour. The photos of my last ten bathrooms do ' +
      'the selling for me; most people have already had a look before I turn up to quote.',
    product: 'subscription',
  },
  {
    name: 'Jo Fletcher',
    trade: 'Painter and decorator',
    town: 'Exeter',
    rating: 5,
    text:
      'Having my prices on the page means fewer time-wasters. People know roughly what a room will cost ' +
      'before they ring, so the calls I get are from people who are serious.',
    product: 'subscription',
  },
  {
    name: 'Ravi Chauhan',
    trade: 'Electrician',
    town: 'Derby',
    rating: 4,
    text:
      'Easy to use and good value. My only gripe is I’d like more than three fonts to choose from, but ' +
      'the colour picker let me match my van livery exactly.',
    product: 'subscription',
  },
  {
    name: 'Liam O’Connor',
    trade: 'Landscaper',
    town: 'Bristol',
    rating: 5,
    text:
      'The link’s in my Instagram and Facebook bios and the QR code is on the back of the van. Customers ' +
      'get my reviews and before-and-after photos all in one place.',
    product: 'subscription',
  },
  {
    name: 'Andy Robertson',
    trade: 'Tiler',
    town: 'Glasgow',
    rating: 5,
    text:
      'Tried the free trial fully expecting to cancel. Didn’t. The “Save My Number” button is brilliant: ' +
      'people have my details saved properly now, not “Andy tiles” scribbled on the back of a receipt.',
    product: 'subscription',
  },
  {
    name: 'Sarah Whitfield',
    trade: 'Plasterer',
    town: 'Nottingham',
    rating: 5,
    text:
      'Far cheaper than paying someone to run a website, and far less hassle. I change my prices and ' +
      'photos myself from my phone in a couple of minutes.',
    product: 'subscription',
  },
];

// Displayed totals (static, as published on the site).
export const REVIEW_COUNTS = {
  card: 229,
  subscription: 165,
} as const;

export const AVERAGE_RATING = {
  card: 4.8,
  subscription: 4.9,
} as const;

import type { SamplePerson } from './api-client';
import {
  consumerUnitWork,
  downlightsWork,
  electricianCover,
  electricianPortrait,
  evChargerWork,
} from './art-electrician';
import { gardenCover, gardenerPortrait, lawnWork, patioWork, raisedBedsWork } from './art-gardener';
import { jpeg } from './svg';

/**
 * Two more sample tradespeople beside the demo's bathroom renovator, published through the API like anyone's
 * card. Invented people and businesses; phone numbers come from Ofcom's ranges kept for drama (029 2018 0000 to 0999,
 * 07700 900000 to 900999), so none rings a real person.
 */

export const electrician = async (): Promise<SamplePerson> => ({
  username: 'pritchard-electrical',
  name: 'Owen Pritchard',
  email: 'owen@pritchardelectrical.example',
  fields: {
    page_theme: 'dark',
    style: 'Montserrat',
    button_bg_color: '#FFC629',
    button_text_color: 'black',
    work_display_mode: 'carousel',
    main_heading: 'Pritchard Electrical',
    sub_heading: 'Rewires, consumer units and EV chargers across Cardiff and the Vale',
    full_name: 'Owen Pritchard',
    job_title: 'Electrician, NICEIC Approved Contractor',
    business_card_name: 'Pritchard Electrical',
    bio: 'Twelve years wiring Cardiff homes, from one extra socket to a full rewire. Every job is tested, certified and notified to building control, and I turn up when I say I will. Part P registered, fully insured, free quotes.',
    services: JSON.stringify([
      { name: 'Full rewire (3-bed house)', price: 'from £4,200' },
      { name: 'Consumer unit upgrade', price: 'from £520' },
      { name: 'EICR landlord certificate', price: '£150' },
      { name: 'EV charger installation', price: 'from £895' },
    ]),
    reviews: JSON.stringify([
      {
        name: 'Hannah R., Pontcanna',
        text: 'Owen rewired our Victorian terrace with hardly any mess and kept us in the loop every day. Brilliant job.',
        rating: 5,
      },
      {
        name: 'Gethin W., Penarth',
        text: 'Fair price, on time, and he explained our EICR results in plain English. Highly recommended.',
        rating: 5,
      },
      {
        name: 'Amira S., Roath',
        text: 'Fitted our car charger the week after we asked and tidied the cable run beautifully.',
        rating: 5,
      },
    ]),
    contact_email: 'hello@pritchardelectrical.example',
    phone_number: '029 2018 0456',
  },
  images: {
    cover: await jpeg(electricianCover()),
    avatar: await jpeg(electricianPortrait()),
    works: [await jpeg(consumerUnitWork()), await jpeg(downlightsWork()), await jpeg(evChargerWork())],
  },
});

export const gardener = async (): Promise<SamplePerson> => ({
  username: 'ashworth-gardens',
  name: 'Megan Ashworth',
  email: 'megan@ashworthgardens.example',
  fields: {
    page_theme: 'light',
    style: 'Poppins',
    button_bg_color: '#2E7D4F',
    button_text_color: 'white',
    work_display_mode: 'carousel',
    main_heading: 'Ashworth Gardens',
    sub_heading: 'Garden design, patios and planting across Leeds and Harrogate',
    full_name: 'Megan Ashworth',
    job_title: 'Landscape gardener',
    business_card_name: 'Ashworth Gardens',
    bio: 'RHS-trained garden designer turning tired Yorkshire gardens into places you want to sit out in. I design, build and plant, from a new lawn to a full makeover with patio, raised beds and lighting. Free first visit.',
    services: JSON.stringify([
      { name: 'Garden design consultation', price: '£95' },
      { name: 'Porcelain patio, laid', price: 'from £110 per m²' },
      { name: 'New lawn and turfing', price: 'from £18 per m²' },
      { name: 'Fencing and gates', price: 'from £75 per metre' },
    ]),
    reviews: JSON.stringify([
      {
        name: 'Claire T., Roundhay',
        text: 'Megan gave our sloping garden a patio and raised beds, and it finally feels like another room.',
        rating: 5,
      },
      {
        name: 'Paul and Sue D., Harrogate',
        text: 'Lovely planting plan, turned up every day as promised, and left the drive cleaner than before.',
        rating: 5,
      },
    ]),
    contact_email: 'hello@ashworthgardens.example',
    phone_number: '07700 900612',
  },
  images: {
    cover: await jpeg(gardenCover()),
    avatar: await jpeg(gardenerPortrait()),
    works: [await jpeg(raisedBedsWork()), await jpeg(patioWork()), await jpeg(lawnWork())],
  },
});

import { hasText, whatsappGreeting } from '../../events/card/display';
import type { TelHref } from './tel-href';
import type { DisplayCard } from './view-model';
import { whatsappHref } from './whatsapp-href';

export type PhoneLinks = {
  /** The number as the owner typed it, trimmed. */
  phone: string;
  /** Undefined when the number can't be dialled (an older card may hold one). */
  call: string | undefined;
  /** Undefined for a number that can't take WhatsApp, such as a UK landline. */
  whatsapp: string | undefined;
};

/** The card's phone number as the page links it, read once for the buttons at the top and the Contact section. */
export function phoneLinks(
  card: Pick<DisplayCard, 'phone_number' | 'whatsapp_greeting' | 'full_name'>,
  telHref: TelHref,
): PhoneLinks {
  const phone = card.phone_number.trim();
  const call = hasText(phone) ? telHref(phone) : undefined;
  return { phone, call, whatsapp: whatsappHref(phone, call, whatsappGreeting(card)) };
}

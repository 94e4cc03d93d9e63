import { type Dispatch, memo } from 'react';
import { defaultWhatsappGreeting } from '../../../../events/card/display';
import { Check } from './Check';
import type { Draft } from './draft';
import { Field } from './Field';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';
import { phoneCharacters, withScheme } from './rows';

type SocialKey = 'facebook_url' | 'instagram_url' | 'linkedin_url' | 'x_url' | 'tiktok_url';
type ContactDraft = Pick<
  Draft,
  | 'show_contact_section'
  | 'contact_email'
  | 'phone_number'
  | 'whatsapp_greeting'
  | 'full_name'
  | 'quotes_enabled'
  | SocialKey
>;
type Props = ContactDraft & { dispatch: Dispatch<EditorAction> };

const SOCIALS: readonly { field: SocialKey; label: string; example: string }[] = [
  { field: 'facebook_url', label: 'Facebook', example: 'https://facebook.com/yourpage' },
  { field: 'instagram_url', label: 'Instagram', example: 'https://instagram.com/yourname' },
  { field: 'linkedin_url', label: 'LinkedIn', example: 'https://linkedin.com/in/yourname' },
  { field: 'x_url', label: 'X', example: 'https://x.com/yourname' },
  { field: 'tiktok_url', label: 'TikTok', example: 'https://tiktok.com/@yourname' },
];

/** Flat props, so the memo skips this panel while other sections are typed in. */
export const ContactFields = memo(function ContactFields({ dispatch, ...contact }: Props) {
  const shown = contact.show_contact_section;
  return (
    <Panel
      id="ed-contact"
      title="Contact"
      shown={shown}
      onToggle={() => dispatch({ type: 'set', field: 'show_contact_section', value: !shown })}
    >
      <Field
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={contact.contact_email}
        maxLength={254}
        onChange={(value) => dispatch({ type: 'set', field: 'contact_email', value })}
      />
      <Field
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={contact.phone_number}
        maxLength={40}
        onChange={(value) => dispatch({ type: 'set', field: 'phone_number', value: phoneCharacters(value) })}
      />
      <Field
        label="WhatsApp greeting"
        multiline
        value={contact.whatsapp_greeting}
        maxLength={300}
        placeholder={defaultWhatsappGreeting(contact.full_name)}
        onChange={(value) => dispatch({ type: 'set', field: 'whatsapp_greeting', value })}
      />
      <p className="ed-hint">
        A customer who taps WhatsApp on your page starts a chat with this message, and can change it before
        sending. Left empty, the chat starts with the greeting shown. WhatsApp is offered for a mobile number.
      </p>
      {SOCIALS.map(({ field, label, example }) => (
        <Field
          key={field}
          label={label}
          type="url"
          inputMode="url"
          value={contact[field]}
          maxLength={300}
          placeholder={example}
          onChange={(value) => dispatch({ type: 'set', field, value })}
          onBlur={(value) => {
            const full = withScheme(value);
            if (full !== value) dispatch({ type: 'set', field, value: full });
          }}
        />
      ))}
      <Check
        role="switch"
        label="Quote requests: let customers ask for a quote from my page"
        checked={contact.quotes_enabled}
        onChange={(value) => dispatch({ type: 'set', field: 'quotes_enabled', value })}
      />
    </Panel>
  );
});

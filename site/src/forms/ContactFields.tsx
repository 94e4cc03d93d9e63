/** SPEC §2 "Contact form": the reasons, in order. */
export const CONTACT_REASONS = ['Card not working', 'Card damaged', 'Profile issue', 'Setup help', 'Other'];

export type ContactValues = { name: string; email: string; reason: string; message: string };

type Props = { values: ContactValues; onChange: (field: keyof ContactValues, value: string) => void };

/** The four fields both contact forms share (public /contactus and signed-in /contact-support). */
export function ContactFields({ values, onChange }: Props) {
  return (
    <>
      <label>
        Your name
        <input
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(e) => onChange('name', e.target.value)}
        />
      </label>
      <label>
        Email
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => onChange('email', e.target.value)}
        />
      </label>
      <label>
        Reason
        <select
          name="reason"
          required
          value={values.reason}
          onChange={(e) => onChange('reason', e.target.value)}
        >
          <option value="">Choose a reason</option>
          {CONTACT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
      </label>
      <label>
        Message
        <textarea
          name="message"
          rows={6}
          required
          value={values.message}
          onChange={(e) => onChange('message', e.target.value)}
        />
      </label>
    </>
  );
}

import { type FormEvent, useState } from 'react';
import { ContactFields } from '../forms/ContactFields';
import { messageAnswerLater } from '../lib/answers-later';
import { ApiError, callApi } from '../lib/api';
import { toast } from '../stores/toasts';

export const FILL_EVERYTHING = 'Please fill in all fields and agree to the privacy policy.';

const empty = { name: '', email: '', reason: '', message: '', agree: true };

export default function ContactForm() {
  const [form, setForm] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const set = (field: keyof typeof empty) => (value: string | boolean) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const filled = {
      ...form,
      name: form.name.trim(),
      email: form.email.trim().toLowerCase(),
      message: form.message.trim(),
    };
    if (!filled.name || !filled.email || !filled.reason || !filled.message || !filled.agree) {
      setProblem(FILL_EVERYTHING);
      toast.error(FILL_EVERYTHING);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      await callApi('/contact', messageAnswerLater, {
        method: 'POST',
        body: filled,
        fallback: 'Failed to send message',
      });
      toast.success('Message sent!');
      setForm(empty);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Something went wrong';
      setProblem(message);
      toast.error(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="form card"
      onSubmit={submit}
      noValidate
      aria-describedby={problem ? 'contact-problem' : undefined}
    >
      {problem && (
        <p id="contact-problem" className="form__problem" role="alert">
          {problem}
        </p>
      )}
      <ContactFields values={form} onChange={(field, value) => set(field)(value)} />
      <label className="form__check">
        <input
          type="checkbox"
          name="agree"
          checked={form.agree}
          onChange={(e) => set('agree')(e.target.checked)}
        />
        <span>
          I agree to the <a href="/policies#privacy">privacy policy</a>.
        </span>
      </label>
      <button className="button" type="submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}

import { type FormEvent, useEffect, useState } from 'react';
import { messageAnswer } from '../../../../contract/message';
import { ContactFields } from '../../forms/ContactFields';
import { ApiError, callApi } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { LiveChatButton } from './LiveChatButton';
import { EMPTY_SUPPORT_FORM, FILL_REQUIRED, prefill, type SupportForm, supportMessage } from './support-form';
import { useAccountUser } from './use-account-user';

/** SPEC §2 "Contact form", the signed-in one: name and email come from the account. */
export function ContactSupportScreen() {
  const user = useAccountUser();
  const [form, setForm] = useState<SupportForm>(() => prefill(EMPTY_SUPPORT_FORM, user));
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const set = (field: keyof SupportForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  useEffect(() => {
    if (user) setForm((current) => prefill(current, user));
  }, [user]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = supportMessage(form);
    if (!body) {
      setProblem(FILL_REQUIRED);
      toast.error(FILL_REQUIRED);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      await callApi('/contact', messageAnswer, { method: 'POST', body, fallback: 'Failed to send message' });
      toast.success('Message sent!');
      setForm((current) => ({ ...current, message: '' }));
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Something went wrong';
      setProblem(message);
      toast.error(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="account-screen">
      <h1>Contact support</h1>
      <p className="lead">
        Replies typically come within 24 hours. Need an answer sooner?{' '}
        <LiveChatButton className="link-button" />
      </p>
      <form
        className="form card"
        onSubmit={submit}
        noValidate
        aria-describedby={problem ? 'support-problem' : undefined}
      >
        {problem && (
          <p id="support-problem" className="form__problem" role="alert">
            {problem}
          </p>
        )}
        <ContactFields values={form} onChange={(field, value) => set(field)(value)} />
        <div>
          <button className="button" type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </form>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { profileUpdatedAnswer } from '../../../../contract/user';
import { ApiError, callApi } from '../../lib/api';
import { type SessionUser, updateSessionUser } from '../../stores/session';
import { toast } from '../../stores/toasts';
import { endSession, queryKeys } from '../queries';
import { PROFILE_UPDATE_FAILED, PROFILE_UPDATED, pageUrl } from './account-fields';
import { PasswordReset } from './PasswordReset';

/** Name (editable), email and page address (read-only), the password reset, and 'Save Updates'. */
export function AccountDetails({ user }: { user: SessionUser | null }) {
  const queryClient = useQueryClient();
  // null until the person types, so the field follows the profile as it loads and after a save.
  const [typed, setTyped] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = typed ?? user?.name ?? '';

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const { data } = await callApi('/profile', profileUpdatedAnswer, {
        method: 'PUT',
        body: { name: name.trim() },
        fallback: PROFILE_UPDATE_FAILED,
      });
      queryClient.setQueryData(queryKeys.profile, data);
      updateSessionUser(data);
      setTyped(null);
      toast.success(PROFILE_UPDATED);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) endSession(window.location.pathname);
      else toast.error(error instanceof ApiError ? error.message : PROFILE_UPDATE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">Your details</h2>
      <form className="form account-form" onSubmit={save}>
        <label>
          Display name
          <input
            name="name"
            autoComplete="name"
            maxLength={80}
            required
            value={name}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <label>
          Email
          <input name="email" type="email" readOnly aria-describedby="email-hint" value={user?.email ?? ''} />
          <span id="email-hint" className="account-form__hint">
            Your sign-in email can’t be changed here.
          </span>
        </label>
        <label>
          Your page URL
          <input
            name="page-url"
            readOnly
            value={user ? pageUrl(window.location.origin, user.username) : ''}
          />
        </label>
        <PasswordReset email={user?.email ?? ''} />
        <div>
          <button type="submit" className="button" disabled={saving || !user}>
            {saving ? 'Saving…' : 'Save Updates'}
          </button>
        </div>
      </form>
    </section>
  );
}

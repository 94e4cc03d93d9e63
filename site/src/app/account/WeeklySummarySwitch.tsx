import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsUpdatedAnswer } from '../../../../contract/notifications';
import { callApi } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { queryKeys, useNotificationSettings } from '../queries';

const SAVE_FAILED = 'Could not change the weekly summary. Please try again.';

/** Issue 16: the weekly summary mail, on by default; this switch and the mail's own link turn it off. */
export function WeeklySummarySwitch() {
  const client = useQueryClient();
  const settings = useNotificationSettings();
  const change = useMutation({
    mutationFn: (weeklySummary: boolean) =>
      callApi('/profile/notifications', notificationsUpdatedAnswer, {
        method: 'PUT',
        body: { weeklySummary },
        fallback: SAVE_FAILED,
      }),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.notifications, answer.data);
      toast.success(answer.message);
    },
    onError: (error) => toast.error(error.message),
  });
  const on = change.isPending ? change.variables : settings.data?.weeklySummary;

  return (
    <section className="card settings" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Weekly summary</h2>
      <p id="summary-note" className="settings__note">
        Every Monday, an email with last week’s visits to your page: views by NFC tap, QR scan and link,
        visitors, saves, calls, WhatsApp and emails. <a href="/stats">See your statistics</a>
      </p>
      {settings.isError ? (
        <p className="form__problem" role="alert">
          {settings.error.message}
        </p>
      ) : (
        <div className="settings__row">
          <span id="switch-weekly-summary" className="settings__label">
            Weekly summary
          </span>
          <button
            type="button"
            role="switch"
            className="switch switch--live"
            aria-checked={on === true}
            aria-labelledby="switch-weekly-summary"
            aria-describedby="summary-note"
            disabled={on === undefined || change.isPending}
            onClick={() => change.mutate(!on)}
          >
            <span className="switch__track" aria-hidden="true" />
            <span className="switch__state" aria-hidden="true">
              {on === undefined ? '…' : on ? 'On' : 'Off'}
            </span>
          </button>
        </div>
      )}
    </section>
  );
}

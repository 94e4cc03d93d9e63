import { WeeklySummarySwitch } from './WeeklySummarySwitch';

type Setting = { id: string; label: string; on: boolean };

/** SPEC §2 "/notifications": shown as they are, Email and WhatsApp off and 'Turn Off All Notifications' on. */
const SETTINGS: Setting[] = [
  { id: 'email', label: 'Email', on: false },
  { id: 'whatsapp', label: 'WhatsApp', on: false },
  { id: 'all-off', label: 'Turn Off All Notifications', on: true },
];

/**
 * The weekly summary's switch works (issue 16). The others are read-only: they show the settings truthfully and the
 * note says why, instead of pretending to save a change.
 */
export function NotificationsScreen() {
  return (
    <div className="account-screen">
      <h1>Notifications</h1>
      <WeeklySummarySwitch />
      <section className="card settings" aria-labelledby="notifications-heading">
        <h2 id="notifications-heading">How we contact you</h2>
        <p id="notifications-note" className="settings__note">
          Besides the weekly summary, we only email you about your orders, your plan and your account.
        </p>
        <ul className="settings__list">
          {SETTINGS.map((setting) => (
            <li key={setting.id} className="settings__row">
              <span id={`switch-${setting.id}`} className="settings__label">
                {setting.label}
              </span>
              <button
                type="button"
                role="switch"
                className="switch"
                aria-checked={setting.on}
                aria-disabled="true"
                aria-labelledby={`switch-${setting.id}`}
                aria-describedby="notifications-note"
              >
                <span className="switch__track" aria-hidden="true" />
                <span className="switch__state" aria-hidden="true">
                  {setting.on ? 'On' : 'Off'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

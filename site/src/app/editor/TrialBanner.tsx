import { daysLeftText, type TrialStatus } from './trial';

const dateText = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** SPEC §2: the trial banner while in trial, the trial-ended banner after; a note before the trial starts. */
export function TrialBanner({ status }: { status: TrialStatus }) {
  switch (status.kind) {
    case 'subscribed':
      return null;
    case 'none':
      return <p className="ed-banner">Publishing your page starts your 14-day free trial.</p>;
    case 'trial':
      return (
        <p className="ed-banner">
          <strong>Free trial: {daysLeftText(status.daysLeft)}.</strong> It ends on {dateText(status.ends)}.{' '}
          <a href="/subscription">Subscribe to keep your page live</a>.
        </p>
      );
    case 'ended':
      return (
        <p className="ed-banner ed-banner--warn">
          <strong>Your free trial ended on {dateText(status.ended)}.</strong> Your page is no longer shown.
          Subscribe to publish it again.
        </p>
      );
  }
}

/** SPEC §4: once the trial has ended without a subscription the editor is locked behind this. */
export function TrialEndedOverlay() {
  return (
    <section className="ed-lock" aria-labelledby="ed-lock-title">
      <div className="ed-lock__box">
        <h2 id="ed-lock-title">Your free trial has ended</h2>
        <p>Subscribe to edit and publish your page again.</p>
        <a className="button" href="/subscription">
          Go to Subscription
        </a>
      </div>
    </section>
  );
}

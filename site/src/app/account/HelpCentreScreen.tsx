import { HELP_TOPICS, TEMPORARILY_UNAVAILABLE, UNDER_MAINTENANCE } from './help-topics';
import { LiveChatButton } from './LiveChatButton';

/** SPEC §2 "Help Centre (/helpcentreinterface)". */
export function HelpCentreScreen() {
  return (
    <div className="account-screen">
      <h1>Help Centre</h1>
      <p className="lead">
        Step-by-step tutorials are on their way. Until then, we’re happy to help you directly.
      </p>
      <h2 className="visually-hidden">Tutorials</h2>
      <ul className="help-topics">
        {HELP_TOPICS.map((topic) => (
          <li key={topic.title} className="card help-topic">
            <span className="badge help-topic__badge">{UNDER_MAINTENANCE}</span>
            <h3>{topic.title}</h3>
            <p>{topic.summary}</p>
            <p className="help-topic__status">{TEMPORARILY_UNAVAILABLE}</p>
          </li>
        ))}
      </ul>
      <section className="card help-support" aria-labelledby="help-support-heading">
        <h2 id="help-support-heading">Need a hand now?</h2>
        <p>Chat with us, or send a message and we’ll reply by email, typically within 24 hours.</p>
        <div className="help-support__actions">
          <LiveChatButton className="button" />
          <a className="button button--ghost" href="/contact">
            Contact support
          </a>
        </div>
      </section>
    </div>
  );
}

import { Component, type ReactNode } from 'react';
import { reloadOnce } from './reload-once';

type State = { failed: boolean };

/** Catches a render error anywhere in the app: one reload, and if that fails too, a screen with a way out. */
export class ErrorScreen extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The app failed to render:', error);
    reloadOnce();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="app-error" role="alert">
        <h1>Something went wrong</h1>
        <p>
          Sorry, this page couldn’t load. Reloading usually fixes it; if not, your page and orders are safe.
        </p>
        <div className="app-error__actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a className="button button--ghost" href="/contactus">
            Contact us
          </a>
        </div>
      </main>
    );
  }
}

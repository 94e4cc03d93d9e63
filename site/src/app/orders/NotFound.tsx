/** The success pages' answer when there is no order to show; `problem` says why, when something failed. */
export function NotFound({ title, problem }: { title: string; problem: string | null }) {
  return (
    <section className="card receipt receipt--empty" aria-labelledby="receipt-title">
      <h1 className="receipt__title" id="receipt-title">
        {title}
      </h1>
      {problem && (
        <p className="form__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="receipt__actions">
        <a className="button" href="/myorders">
          View All Orders
        </a>
        <a className="button button--ghost" href="/myprofile">
          Go to Your Dashboard
        </a>
      </div>
    </section>
  );
}

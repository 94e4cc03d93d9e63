import { useState } from 'react';
import { FULFILMENT_STEPS } from '../orders/fulfilment';
import { type Filters, NO_FILTERS } from './api';

type Props = { onApply: (filters: Filters) => void };

/** Search and the fulfilment filter; nothing is asked of the API until Apply. */
export function AdminFilters({ onApply }: Props) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);

  return (
    <search className="admin-filters-wrap" aria-label="Card orders">
      <form
        className="admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(draft);
        }}
      >
        <label className="admin-filters__field">
          Search
          <input
            type="search"
            placeholder="Name, email, postcode or order id"
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </label>
        <label className="admin-filters__field">
          Fulfilment status
          <select
            value={draft.fulfillmentStatus}
            onChange={(event) => setDraft({ ...draft, fulfillmentStatus: event.target.value })}
          >
            <option value="">All statuses</option>
            {FULFILMENT_STEPS.map((step) => (
              <option key={step.value} value={step.value}>
                {step.label}
              </option>
            ))}
          </select>
        </label>
        <div className="admin-filters__buttons">
          <button type="submit" className="button">
            Apply
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
          >
            Reset
          </button>
        </div>
      </form>
    </search>
  );
}

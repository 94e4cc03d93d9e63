import { useId, useState } from 'react';
import type { AdminOrder } from '../../../../contract/order';
import { FULFILMENT_STEPS, fulfilmentStatus } from '../orders/fulfilment';
import { updateStatus } from './api';
import { useAdminSave } from './use-admin-save';

/** Any of the four fulfilment steps, in any order (SPEC §4); notify emails the customer the change. */
export function StatusForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const [status, setStatus] = useState<string>(fulfilmentStatus(order.fulfillmentStatus));
  const { save, notify, setNotify, problem } = useAdminSave(
    (notify) => updateStatus(order.id, { fulfillmentStatus: status, notify }),
    { done: 'Status updated', failed: 'Failed to update status' },
  );

  return (
    <form
      className="form admin-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h3 id={`${id}-title`}>Fulfilment</h3>
      <label>
        Fulfilment status
        <select value={status} onChange={(event) => setStatus(event.target.value)}>
          {FULFILMENT_STEPS.map((step) => (
            <option key={step.value} value={step.value}>
              {step.label}
            </option>
          ))}
        </select>
      </label>
      <label className="form__check">
        <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
        Email the customer about this change
      </label>
      {problem && (
        <p className="form__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Update status'}
      </button>
    </form>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AdminOrder } from '../../../../contract/order';
import { toast } from '../../stores/toasts';
import { ADMIN_ORDERS, cardCsvHref, cardSheetHref, createCardCodes } from './api';

const STATUS_NOTE = {
  active: null,
  lost: ' (marked lost by its owner)',
  retired: ' (its account was deleted)',
};

/**
 * Issue 16: each card's own address, exactly as its chip is to be programmed, with the printable sheet and the CSV
 * for bulk encoders. An order paid before cards had codes gets its codes here; it can't ship without them.
 */
export function OrderCards({ order }: { order: AdminOrder }) {
  const id = useId();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: () => createCardCodes(order.id),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey: ADMIN_ORDERS });
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <section className="admin-cards" aria-labelledby={`${id}-title`}>
      <h3 className="admin-order__label" id={`${id}-title`}>
        Cards to program
      </h3>
      {order.cards.length > 0 ? (
        <>
          <ol className="admin-cards__list">
            {order.cards.map((card) => (
              <li key={card.code}>
                <code>{card.url}</code>
                {STATUS_NOTE[card.status]}
              </li>
            ))}
          </ol>
          <div className="admin-cards__links">
            <a className="button button--ghost" href={cardSheetHref(order.id)} target="_blank" rel="noopener">
              Print sheet
            </a>
            <a className="button button--ghost" href={cardCsvHref(order.id)} download>
              Download CSV
            </a>
          </div>
        </>
      ) : (
        <>
          <p className="admin-order__note">
            This order has no card codes yet: it was paid before each card had its own address. Create them
            before you program the cards or mark the order shipped.
          </p>
          <button
            type="button"
            className="button"
            disabled={create.isPending}
            onClick={() => create.mutate()}
          >
            {create.isPending ? 'Creating…' : 'Create card codes'}
          </button>
        </>
      )}
    </section>
  );
}

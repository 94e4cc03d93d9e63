import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NfcCard } from '../../../../contract/nfc-card';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import {
  changeCard,
  confirmLost,
  firstTapped,
  scansLabel,
  statusLabel,
  tapsLabel,
  useNfcCards,
} from './nfc-cards';

function MyNfcCard({ card }: { card: NfcCard }) {
  const client = useQueryClient();
  const titleId = `nfc-card-${card.code}`;
  const change = useMutation({
    mutationFn: (to: 'lost' | 'found') => changeCard(card.code, to),
    onSuccess: (answer) => {
      client.setQueryData<NfcCard[]>(queryKeys.nfcCards, (cards) =>
        cards?.map((each) => (each.code === answer.data.code ? answer.data : each)),
      );
      toast.success(answer.message);
    },
    onError: (error) => toast.error(error.message),
  });

  function markLost() {
    if (window.confirm(confirmLost(card.code))) change.mutate('lost');
  }

  return (
    <article className="my-card" aria-labelledby={titleId}>
      <h3 className="my-card__code" id={titleId}>
        Card {card.code}
      </h3>
      <dl className="my-card__facts">
        <div>
          <dt>Status</dt>
          <dd className={`my-card__status my-card__status--${card.status}`}>{statusLabel(card)}</dd>
        </div>
        <div>
          <dt>First tapped</dt>
          <dd>{firstTapped(card)}</dd>
        </div>
        <div>
          <dt>Taps</dt>
          <dd>{tapsLabel(card.taps)}</dd>
        </div>
        <div>
          <dt>QR code scans</dt>
          <dd>{scansLabel(card.scans)}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd className="my-card__url">{card.url}</dd>
        </div>
      </dl>
      {card.status === 'active' ? (
        <button type="button" className="button button--ghost" disabled={change.isPending} onClick={markLost}>
          {change.isPending ? 'Switching off…' : 'Mark as lost'}
        </button>
      ) : (
        <button
          type="button"
          className="button"
          disabled={change.isPending}
          onClick={() => change.mutate('found')}
        >
          {change.isPending ? 'Switching on…' : 'Switch back on'}
        </button>
      )}
    </article>
  );
}

/**
 * Issue 16: the owner's NFC cards, each at its own address. A lost card is switched off here (its address then
 * shows that the card is no longer in use) and on again when found. Shown once the owner has cards.
 */
export function MyNfcCards() {
  const cards = useNfcCards();
  if (cards.isError)
    return (
      <section className="card" aria-labelledby="my-cards-title">
        <h2 id="my-cards-title">My cards</h2>
        <p className="form__problem" role="alert">
          {cards.error.message}
        </p>
      </section>
    );
  if (!cards.data || cards.data.length === 0) return null;
  return (
    <section className="card my-cards" aria-labelledby="my-cards-title">
      <h2 id="my-cards-title">My cards</h2>
      <p>
        Each card opens your page from its own address. If one goes missing, mark it as lost and its address
        stops showing your page.
      </p>
      <ul className="my-cards__list">
        {cards.data.map((card) => (
          <li key={card.code}>
            <MyNfcCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}

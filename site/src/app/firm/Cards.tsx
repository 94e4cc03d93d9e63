import { useId } from 'react';
import type { Firm } from '../../../../contract/firm';
import { reassignCard, useFirmCards } from './firm';
import { useFirmChange } from './use-firm-change';

export function Cards({ firm }: { firm: Firm }) {
  const cards = useFirmCards(firm.id, firm.youAreAdmin);
  const move = useFirmChange(({ code, to }: { code: string; to: string }) => reassignCard(firm.id, code, to));
  const id = useId();
  if (!cards.data || cards.data.length === 0) return null;
  return (
    <section className="card settings" aria-labelledby="firm-cards-heading">
      <h2 id="firm-cards-heading">The team’s NFC cards</h2>
      <p className="settings__note">
        Someone leaving? Give their card to whoever takes over: it opens the new holder’s page from the next
        tap. Cards the firm bought stay here after their holder leaves, until you give them to someone.
      </p>
      <ul className="firm__cards">
        {cards.data.map((card) => (
          <li key={card.code}>
            <label htmlFor={`${id}-${card.code}`}>
              Card {card.code}
              {card.status === 'lost' ? ' (switched off)' : ''} opens the page of
            </label>
            <select
              id={`${id}-${card.code}`}
              value={card.holder.id}
              disabled={move.isPending}
              onChange={(event) => move.mutate({ code: card.code, to: event.target.value })}
            >
              {!card.holderInFirm && (
                <option value={card.holder.id} disabled>
                  {card.holder.name} (@{card.holder.username}, has left the firm)
                </option>
              )}
              {firm.members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} (@{member.username})
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </section>
  );
}

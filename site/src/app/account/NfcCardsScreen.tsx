import { useQueryClient } from '@tanstack/react-query';
import { CARD_FEATURES, PLAN_FEATURES } from '../../copy/home';
import BuyCard from '../../islands/BuyCard';
import { PlanButton } from '../../islands/StartTrial';
import { CARD_PRICE, CARD_WAS_PRICE, PLAN_PRICE, PLAN_WAS_PRICE } from '../../lib/prices';
import { useStoreValue } from '../../lib/use-store';
import { $session } from '../../stores/session';
import { useOrders } from '../orders/api';
import { syncSubscriptions } from '../orders/payment-return';
import { planOffer } from '../orders/plan-state';
import { useProfile } from '../queries';
import { CardGallery, type GalleryImage } from './CardGallery';
import { MyNfcCards } from './MyNfcCards';

export type NfcCardsProps = { images: GalleryImage[] };

function usePlanOffer() {
  const profile = useProfile();
  const stored = useStoreValue($session, null);
  const orders = useOrders();
  // The fresh profile first: a plan started a moment ago must already show as active.
  return planOffer(profile.data ?? stored?.user, orders.data);
}

/**
 * SPEC §2 "/nfccards ('Our Plans & Cards')": the plan and the card, each with its way to buy; and, once they have
 * some, the owner's own cards (issue 16).
 */
export function NfcCardsScreen({ images }: NfcCardsProps) {
  const offer = usePlanOffer();
  const client = useQueryClient();
  // Issue 14: the trial is promised only to someone who can still have it.
  const trial = offer.kind === 'trial';
  return (
    <div className="account-screen">
      <h1>Our Plans &amp; Cards</h1>
      <MyNfcCards />
      <div className="offers">
        <article className="card offer" aria-labelledby="offer-plan">
          <span className="badge">{trial ? '14-Day Free Trial' : 'Cancel any time'}</span>
          <h2 id="offer-plan" className="offer__title">
            Profile Plan
          </h2>
          <p className="price">
            {PLAN_PRICE}
            <span className="offer__per">/month</span>{' '}
            <s>
              <span className="visually-hidden">was </span>
              {PLAN_WAS_PRICE}
            </s>
          </p>
          <p>
            Your page at your own address, always up to date.{' '}
            {trial ? 'Free for 14 days, cancel any time.' : 'Cancel any time.'}
          </p>
          <ul className="ticks">
            {PLAN_FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <PlanButton offer={offer} trialLabel="Subscribe now" onKept={() => syncSubscriptions(client)} />
        </article>
        <article className="card offer" aria-labelledby="offer-card">
          <span className="badge">12 Month Warranty</span>
          <h2 id="offer-card" className="offer__title">
            NFC Card – White Edition
          </h2>
          <p className="price">
            {CARD_PRICE}{' '}
            <s>
              <span className="visually-hidden">was </span>
              {CARD_WAS_PRICE}
            </s>
          </p>
          <CardGallery images={images} />
          <ul className="ticks">
            {CARD_FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          {/* A quantity here too (issue 28): 'Order now' opened checkout for one card only. */}
          <BuyCard unitPrice={CARD_PRICE} label="Order now" />
        </article>
      </div>
    </div>
  );
}

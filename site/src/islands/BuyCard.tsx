import { useEffect, useState } from 'react';
import { buyCards, clampQuantity, MAX_QUANTITY, typedQuantity } from '../lib/checkout';
import { toast } from '../stores/toasts';

/** `label`: the button's words as SPEC names them where it differs from the card page's ('Order now' on /nfccards). */
type Props = { unitPrice: string; label?: string };

const go = (url: string) => window.location.assign(url);

/**
 * Quantity and Buy Now on the card page. Arriving with `?triggerCheckout=1&quantity=N` (after sign-up, SPEC §4)
 * starts checkout at once for that quantity.
 */
export default function BuyCard({ unitPrice, label }: Props) {
  // What is in the box, as typed; the quantity is read from it, and it is tidied only when the box is left.
  const [typed, setTyped] = useState('1');
  const [busy, setBusy] = useState(false);
  const quantity = typedQuantity(typed);
  const setQuantity = (count: number) => setTyped(String(clampQuantity(count)));

  async function buy(count: number) {
    setBusy(true);
    const problem = await buyCards(count, go);
    if (problem) {
      toast.error(problem);
      setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival from sign-up.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('triggerCheckout') !== '1' && params.get('triggerCheckout') !== 'true') return;
    const count = clampQuantity(Number(params.get('quantity') ?? '1'));
    setQuantity(count);
    // Once only: a reload or the back button must not open a second checkout.
    window.history.replaceState(null, '', window.location.pathname);
    void buy(count);
  }, []);

  return (
    <div className="buy">
      <div className="buy__quantity">
        <span id="quantity-label">Quantity</span>
        <button
          type="button"
          className="buy__step"
          aria-label="One fewer"
          disabled={quantity === null || quantity <= 1}
          onClick={() => setQuantity((quantity ?? 1) - 1)}
        >
          −
        </button>
        <input
          aria-labelledby="quantity-label"
          inputMode="numeric"
          type="number"
          min={1}
          max={MAX_QUANTITY}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={() => setQuantity(quantity ?? 1)}
        />
        <button
          type="button"
          className="buy__step"
          aria-label="One more"
          disabled={quantity !== null && quantity >= MAX_QUANTITY}
          onClick={() => setQuantity((quantity ?? 0) + 1)}
        >
          +
        </button>
      </div>
      <button
        type="button"
        className="button buy__now"
        disabled={busy || quantity === null}
        onClick={() => quantity !== null && void buy(quantity)}
      >
        {busy
          ? 'Opening checkout…'
          : quantity === null
            ? 'Enter a quantity'
            : (label ?? `Buy Now – ${quantity} × ${unitPrice}`)}
      </button>
    </div>
  );
}

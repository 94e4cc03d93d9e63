import { SubscriptionSuccess } from '../app/orders/SubscriptionSuccess';
import AppShell from '../app/shell/AppShell';

export default function SuccessSubscriptionApp() {
  return (
    <AppShell path="/SuccessSubscription">
      <SubscriptionSuccess />
    </AppShell>
  );
}

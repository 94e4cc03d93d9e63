import { Billing } from '../app/orders/Billing';
import AppShell from '../app/shell/AppShell';

export default function BillingApp() {
  return (
    <AppShell path="/billing">
      <Billing />
    </AppShell>
  );
}

import { OrderSuccess } from '../app/orders/OrderSuccess';
import AppShell from '../app/shell/AppShell';

export default function SuccessApp() {
  return (
    <AppShell path="/success">
      <OrderSuccess />
    </AppShell>
  );
}

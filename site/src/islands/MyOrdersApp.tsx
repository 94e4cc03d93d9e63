import { MyOrders } from '../app/orders/MyOrders';
import AppShell from '../app/shell/AppShell';

export default function MyOrdersApp() {
  return (
    <AppShell path="/myorders">
      <MyOrders />
    </AppShell>
  );
}

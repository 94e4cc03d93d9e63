import { Admin } from '../app/admin/Admin';
import AppShell from '../app/shell/AppShell';

export default function AdminApp() {
  return (
    <AppShell path="/admin">
      <Admin />
    </AppShell>
  );
}

import { type NfcCardsProps, NfcCardsScreen } from '../app/account/NfcCardsScreen';
import AppShell from '../app/shell/AppShell';

export default function NfcCardsApp(props: NfcCardsProps) {
  return (
    <AppShell path="/nfccards">
      <NfcCardsScreen {...props} />
    </AppShell>
  );
}

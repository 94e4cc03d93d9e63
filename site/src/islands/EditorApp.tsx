import '../lib/zod-without-eval';
import { Editor } from '../app/editor/Editor';
import AppShell from '../app/shell/AppShell';

/** /myprofile: the profile editor inside the signed-in app's frame. */
export default function EditorApp() {
  return (
    <AppShell path="/myprofile">
      <Editor />
    </AppShell>
  );
}

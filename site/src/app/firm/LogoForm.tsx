import { type FormEvent, useId } from 'react';
import { storedPhotoAnswer } from '../../../../contract/card';
import type { Firm } from '../../../../contract/firm';
import { errorText } from '../../lib/api';
import { sendForm } from '../editor/send-form';
import { removeLogo, setLogo } from './firm';
import { useFirmSaved } from './use-firm-change';

export const LOGO_NOT_SENT = 'The logo could not be sent. Please check your connection and try again.';

/** Up as any photo goes (the editor's endpoint), then named as the firm's logo. */
async function uploadLogo(firmId: string, file: File) {
  const form = new FormData();
  form.append('photo', file, file.name);
  const answer = await sendForm('/api/business-card/photos', form, () => {});
  if (!answer) throw new Error(LOGO_NOT_SENT);
  const stored = storedPhotoAnswer.safeParse(answer.body);
  if (!stored.success) throw new Error(errorText(answer.body) ?? LOGO_NOT_SENT);
  return setLogo(firmId, stored.data.data.url);
}

/** Issue 32: the firm's logo, which heads its page and shows at the foot of every member's page. */
export function LogoForm({ firm }: { firm: Firm }) {
  const id = useId();
  const upload = useFirmSaved((file: File) => uploadLogo(firm.id, file));
  const remove = useFirmSaved(() => removeLogo(firm.id));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('logo');
    if (file instanceof File && file.size > 0) upload.mutate(file);
  };
  return (
    <form className="form account-form" onSubmit={submit}>
      <h3>Logo</h3>
      {firm.logo ? (
        <img
          className="firm__logo"
          src={firm.logo.url}
          alt={`${firm.name} logo`}
          width={firm.logo.media.width}
          height={firm.logo.media.height}
        />
      ) : (
        <p className="settings__note">No logo yet: the firm’s page shows its name alone.</p>
      )}
      <label htmlFor={id}>{firm.logo ? 'Replace the logo' : 'Choose a logo'}</label>
      <input id={id} name="logo" type="file" accept="image/jpeg,image/png,image/webp,image/heic" required />
      <div>
        <button type="submit" className="button button--ghost" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Save the logo'}
        </button>
        {firm.logo && (
          <button
            type="button"
            className="button button--ghost"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined)}
          >
            Take the logo off
          </button>
        )}
      </div>
    </form>
  );
}

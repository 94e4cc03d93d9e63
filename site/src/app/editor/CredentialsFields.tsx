import { type Dispatch, memo, useId } from 'react';
import { MAX_CREDENTIALS } from '../../../../events/card/content';
import {
  CREDENTIAL_SCHEME_KEYS,
  CREDENTIAL_SCHEMES,
  type CredentialScheme,
} from '../../../../events/card/credentials';
import type { CredentialRow } from './draft';
import { Field } from './Field';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';
import { withScheme } from './rows';

type Props = { credentials: CredentialRow[]; dispatch: Dispatch<EditorAction> };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function SchemeChoice({
  row,
  index,
  dispatch,
}: {
  row: CredentialRow;
  index: number;
  dispatch: Dispatch<EditorAction>;
}) {
  const id = useId();
  return (
    <div className="ed-field">
      <label htmlFor={id}>
        <span className="visually-hidden">Credential {index + 1} </span>Scheme
      </label>
      <select
        id={id}
        value={row.scheme}
        onChange={(event) =>
          dispatch({
            type: 'updateCredential',
            key: row.key,
            patch: { scheme: event.target.value as CredentialScheme | '' },
          })
        }
      >
        <option value="">Choose a scheme</option>
        {CREDENTIAL_SCHEME_KEYS.map((scheme) => (
          <option key={scheme} value={scheme}>
            {scheme === 'other' ? 'Another scheme' : CREDENTIAL_SCHEMES[scheme].name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The schemes the owner belongs to, a row each: the scheme, their number, and a link to their own listing (for
 * "another scheme", its name and the https page where customers check it). The page shows them as the owner's
 * claims, each linking to where to check it.
 */
export const CredentialsFields = memo(function CredentialsFields({ credentials, dispatch }: Props) {
  return (
    <Panel id="ed-credentials" title="Trade credentials">
      <p className="ed-hint">
        Schemes you belong to, up to {MAX_CREDENTIALS}. Your page shows each as a badge saying you supplied
        it, linked to where customers can check it: your own listing if you give its link, else the scheme’s
        search.
      </p>
      <ol className="ed-rows">
        {credentials.map((row, index) => {
          const context = `Credential ${index + 1}`;
          const scheme = row.scheme === '' ? null : CREDENTIAL_SCHEMES[row.scheme];
          const other = row.scheme === 'other';
          const update = (patch: Partial<Omit<CredentialRow, 'key'>>) =>
            dispatch({ type: 'updateCredential', key: row.key, patch });
          return (
            <li key={row.key} className="ed-row ed-row--credential">
              <SchemeChoice row={row} index={index} dispatch={dispatch} />
              {other && (
                <Field
                  context={context}
                  label="Scheme name"
                  value={row.name}
                  maxLength={60}
                  onChange={(name) => update({ name })}
                />
              )}
              <Field
                context={context}
                label={capitalised(scheme?.numberLabel ?? 'number')}
                value={row.number}
                maxLength={40}
                placeholder={row.scheme === 'gas_safe' ? 'The 7 digits on your Gas Safe ID card' : undefined}
                onChange={(number) => update({ number })}
              />
              <Field
                context={context}
                label={other ? 'Link where customers can check it' : 'Your listing’s link (optional)'}
                type="url"
                inputMode="url"
                value={row.url}
                maxLength={300}
                placeholder={scheme && !other ? `https://www.${scheme.host}/…` : 'https://…'}
                onChange={(url) => update({ url })}
                onBlur={(url) => {
                  const full = withScheme(url);
                  if (full !== url) update({ url: full });
                }}
              />
              <div className="ed-row__tools">
                <button
                  type="button"
                  className="button button--ghost ed-small"
                  onClick={() => dispatch({ type: 'removeCredential', key: row.key })}
                >
                  Remove<span className="visually-hidden"> {context.toLowerCase()}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {credentials.length < MAX_CREDENTIALS && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => dispatch({ type: 'addCredential' })}
        >
          Add credential
        </button>
      )}
    </Panel>
  );
});

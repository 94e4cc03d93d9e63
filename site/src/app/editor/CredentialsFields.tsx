import { type Dispatch, memo } from 'react';
import { MAX_CREDENTIALS } from '../../../../events/card/content';
import { CREDENTIAL_SCHEME_KEYS, CREDENTIAL_SCHEMES } from '../../../../events/card/credentials';
import { capitalised } from '../../../../events/card/display';
import type { CredentialRow } from './draft';
import { Field, SelectField } from './Field';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';
import { withScheme } from './rows';

type Props = { credentials: CredentialRow[]; dispatch: Dispatch<EditorAction> };

const SCHEMES = [
  { value: '', label: 'Choose a scheme' },
  ...CREDENTIAL_SCHEME_KEYS.map((scheme) => ({
    value: scheme,
    label: scheme === 'other' ? 'Another scheme' : CREDENTIAL_SCHEMES[scheme].name,
  })),
];

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
              <SelectField
                context={context}
                label="Scheme"
                value={row.scheme}
                options={SCHEMES}
                onChange={(value) =>
                  update({ scheme: CREDENTIAL_SCHEME_KEYS.find((key) => key === value) ?? '' })
                }
              />
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
                placeholder={
                  row.scheme === 'gas_safe' ? 'The 6 or 7 digits on your Gas Safe ID card' : undefined
                }
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

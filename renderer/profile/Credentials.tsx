import type { Credential } from '../../events/card/content';
import { CREDENTIAL_SCHEMES, credentialCheckUrl, credentialName } from '../../events/card/credentials';
import { externalHref } from './safe-href';
import type { DisplayCard } from './view-model';

type Shown = Credential & { title: string };

/** The credentials with a name to show: the editor's preview may hold an "other" row whose name is still to come. */
export function shownCredentials(card: Pick<DisplayCard, 'credentials'>): Shown[] {
  return card.credentials.flatMap((credential) => {
    if (!Object.hasOwn(CREDENTIAL_SCHEMES, credential.scheme)) return [];
    const title = credentialName(credential).trim();
    return title === '' ? [] : [{ ...credential, title }];
  });
}

/**
 * Trade schemes as the owner states them (ADR 030, decision 4): claims we have not checked, so each badge says whose
 * claim it is and links to where a customer can check it, the owner's own listing when they gave it. Not followed
 * for search engines: the page vouches for none of them.
 */
export function Credentials({ credentials, owner }: { credentials: Shown[]; owner: string }) {
  if (credentials.length === 0) return null;
  return (
    <ul className="tc-cr" aria-label="Trade credentials">
      {credentials.map((credential, index) => {
        const href = externalHref(credentialCheckUrl(credential));
        const number = credential.number.trim();
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own (one scheme may be listed twice), and a badge holds no state
          <li key={index}>
            <b>{credential.title}</b>
            {number && ` ${CREDENTIAL_SCHEMES[credential.scheme].numberLabel} ${number}`}
            <small>
              Supplied by {owner}
              {href ? (
                <>
                  ;{' '}
                  <a href={href} rel="nofollow">
                    check it with {credential.title}
                  </a>
                </>
              ) : (
                '.'
              )}
            </small>
          </li>
        );
      })}
    </ul>
  );
}

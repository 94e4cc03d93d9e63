import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useStoreValue } from '../../lib/use-store';
import { $session } from '../../stores/session';
import { useMyCard, useProfile } from '../queries';
import { createQueryClient } from '../query-client';
import { headerAvatar } from './avatar';
import { ErrorScreen } from './ErrorScreen';
import { HeaderCard } from './HeaderCard';
import { offersPageActions, pageUnavailableReason } from './page-status';
import { reloadOnFailedChunks } from './reload-once';
import { Sidebar } from './Sidebar';

type Props = { path: string; children: ReactNode };

function Frame({ path, children }: Props) {
  const stored = useStoreValue($session, null);
  const profile = useProfile();
  const card = useMyCard();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = useCallback(() => setMenuOpen(false), []);
  const user = profile.data ?? stored?.user ?? null;
  const avatar = headerAvatar(card.data);

  return (
    <div className="app">
      <Sidebar path={path} open={menuOpen} onClose={close} isAdmin={user?.isAdmin === true} />
      <div className="app__main">
        <button
          type="button"
          className="app__menu button button--ghost"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <HeaderCard
          user={user}
          avatar={avatar}
          pageActions={offersPageActions(path)}
          unavailable={pageUnavailableReason(card.data)}
        />
        <main id="main" className="app__content">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * Every signed-in screen sits in this (SPEC §2 "Protected routes"): blank until the stored session is read, then a
 * visitor is sent to /login with where they were going (history replaced), and a user gets the sidebar, the header
 * card and the screen, with the query cache and the error screen around them.
 */
export default function AppShell({ path, children }: Props) {
  const [client] = useState(createQueryClient);
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    reloadOnFailedChunks();
    if ($session.get()) {
      setAllowed(true);
      return;
    }
    const from = window.location.pathname + window.location.search;
    window.location.replace(`/login?from=${encodeURIComponent(from)}`);
  }, []);

  if (!allowed) return null;
  return (
    <ErrorScreen>
      <QueryClientProvider client={client}>
        <Frame path={path}>{children}</Frame>
      </QueryClientProvider>
    </ErrorScreen>
  );
}

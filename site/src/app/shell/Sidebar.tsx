import { useEffect } from 'react';
import { logOut } from '../../lib/logout';
import { isCurrent, MOBILE_MAX_WIDTH, type NavItem, navItems } from './nav';
import { useMediaQuery } from './use-media-query';

type Props = { path: string; open: boolean; onClose: () => void; isAdmin: boolean };

function Item({ item, path }: { item: NavItem; path: string }) {
  return (
    <li>
      <a href={item.href} aria-current={isCurrent(item, path) ? 'page' : undefined}>
        {item.label}
      </a>
    </li>
  );
}

/**
 * SPEC §2: wider than 1000 px, Help Centre, Settings and Logout sit in the sidebar's footer; at 1000 px or less
 * they join the main list, the sidebar opens and closes, and the page can't scroll behind it while open.
 */
export function Sidebar({ path, open, onClose, isAdmin }: Props) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);

  useEffect(() => {
    if (!mobile && open) onClose();
  }, [mobile, open, onClose]);

  useEffect(() => {
    if (!(mobile && open)) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [mobile, open, onClose]);

  const items = navItems(isAdmin);
  const main = mobile ? items : items.filter((item) => !item.secondary);
  const footer = mobile ? [] : items.filter((item) => item.secondary);
  const logout = (
    <li>
      <button type="button" className="sidebar__logout" onClick={() => void logOut()}>
        Logout
      </button>
    </li>
  );

  return (
    <>
      {mobile && open && (
        <button type="button" className="sidebar__scrim" aria-label="Close menu" onClick={onClose} />
      )}
      <nav
        id="app-sidebar"
        className={`sidebar${mobile ? ' sidebar--mobile' : ''}${open ? ' sidebar--open' : ''}`}
        aria-label="Account"
        hidden={mobile && !open}
      >
        <a className="sidebar__brand" href="/myprofile">
          TradeCard
        </a>
        <ul className="sidebar__list">
          {main.map((item) => (
            <Item key={item.href} item={item} path={path} />
          ))}
          {mobile && logout}
        </ul>
        {!mobile && (
          <ul className="sidebar__list sidebar__footer">
            {footer.map((item) => (
              <Item key={item.href} item={item} path={path} />
            ))}
            {logout}
          </ul>
        )}
      </nav>
    </>
  );
}

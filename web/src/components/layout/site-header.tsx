// The site header: the nine links, the 'How to get
// involved' dropdown, the text-size control and the account area. One
// markup serves both layouts: above 768 px everything is shown in rows;
// at 768 px or less a Menu button opens the same links as a panel. Both
// the dropdowns and the panel open and close by keyboard, close on Escape
// (focus returns to their button) and on a click outside, and announce
// their state with aria-expanded.
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession, getToken, isStaff } from '@/lib/session';
import { TextSizeControl } from '@/components/text-size';
import { notify } from '@/components/lazy-toaster';
import { Icon } from '@/components/icon';
import { Logo } from '@/components/logo';
import { useSite } from '@/lib/site-data';
import { useT } from '@/i18n';
import { LanguageSwitcher } from './language-switcher';

// Each link and its label's key in the catalogue (header.<key>).
const involved = [
  { to: paths.discipleRegistration, label: 'disciple' },
  { to: paths.becomeVolunteer, label: 'volunteer' },
  { to: paths.donation, label: 'donation' },
  { to: paths.host, label: 'host' },
];
const links = [
  { to: paths.home, label: 'home' },
  { to: paths.about, label: 'about' },
  { to: paths.implementation, label: 'implementation' },
  ...involved,
  { to: paths.events, label: 'stories' },
  { to: paths.contact, label: 'contact' },
];

export const SCROLL_THRESHOLD = 10;
const MOBILE_QUERY = '(max-width: 768px)';

/** useDismiss closes an open popup on Escape and on a click outside ref. */
function useDismiss(open: boolean, close: (refocus: boolean) => void, ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // An open dropdown inside (the account menu in the mobile panel)
      // takes the first Escape; the next one closes this popup.
      if (e.key === 'Escape' && !e.defaultPrevented && !ref.current?.querySelector('.disclosure.is-open')) {
        e.preventDefault();
        close(true);
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close(false);
    };
    const onFocus = (e: FocusEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, close, ref]);
}

/** paintedOpen says whether the server's painted header, still in the page
 * while the app first draws, had the part controls names opened: its
 * buttons work before the app takes over (the boot script), and the app
 * keeps what the visitor opened there. */
function paintedOpen(controls: string): boolean {
  return document.querySelector(`#root [aria-controls="${controls}"][aria-expanded="true"]`) !== null;
}

/** Disclosure is a button that shows a small list below it. */
function Disclosure({ id, label, className, children }: { id: string; label: ReactNode; className: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(() => paintedOpen(id));
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useDismiss(open, close, wrap);
  // The list closes on navigation: set while rendering, not in an effect,
  // so that the new page never paints with it open.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  return (
    <div className={`disclosure ${className}${open ? ' is-open' : ''}`} ref={wrap}>
      <button ref={button} type="button" className="disclosure-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {label}
        <Icon name="chevron" size={18} />
      </button>
      <ul id={id} className="disclosure-list" hidden={!open}>
        {children(() => setOpen(false))}
      </ul>
    </div>
  );
}

function AccountArea() {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const t = useT();

  // A protected link followed without a session: say so for 2 s and go to
  // the login page, remembering where the visitor wanted to go.
  function guard(e: MouseEvent<HTMLAnchorElement>, to: string) {
    if (getToken()) return;
    e.preventDefault();
    notify('Please login first', { duration: 2000, kind: 'error' });
    navigate(paths.login, { state: { from: to } });
  }

  async function logout() {
    // Signing out (and forgetting the drafts of forms) is loaded when it is
    // asked for, which keeps it out of the code every page needs first.
    const { signOut } = await import('@/lib/auth');
    await signOut();
    navigate(paths.login);
  }

  if (!token || !user) {
    return (
      <div className="account-area">
        <Link className="btn btn-outline" to={paths.login} state={pathname === paths.login ? undefined : { from: pathname }}>
          {t('header.signIn')}
        </Link>
        <Link className="btn btn-primary" to={paths.register}>
          {t('header.signUp')}
        </Link>
      </div>
    );
  }
  return (
    <div className="account-area">
      {isStaff(user) && (
        <Link className="btn btn-primary" to={paths.admin} onClick={(e) => guard(e, paths.admin)}>
          {t('header.admin')}
        </Link>
      )}
      <Disclosure id="account-menu" className="account-menu" label={t('header.myAccount')}>
        {(close) => (
          <>
            <li>
              <Link to={paths.myAccount} onClick={(e) => guard(e, paths.myAccount)}>
                {t('header.profile')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                {t('header.logout')}
              </button>
            </li>
          </>
        )}
      </Disclosure>
    </div>
  );
}

/** REVEAL_STEP is how far (px) a scroll must go before the phone header
 * hides (down) or comes back (up), so a trembling thumb does not flicker it. */
const REVEAL_STEP = 8;

export function SiteHeader() {
  const [scrolled, setScrolled] = useState(false);
  // On a phone the header is sticky but steps aside while the person
  // reads down the page, and comes back as soon as they scroll up, so the
  // menu is never more than a small scroll away.
  const [tucked, setTucked] = useState(false);
  const lastY = useRef(0);
  const [menuOpen, setMenuOpen] = useState(() => paintedOpen('site-menu'));
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    // While the menu is open the header keeps its shape and place: on a
    // phone the open panel is longer than the screen, and scrolling it to
    // reach a link would otherwise shrink the header (and mark it to step
    // aside), moving the link under the finger about to tap it. Closed
    // again, it takes the page's scroll from where it is.
    if (menuOpen) return;
    const onScroll = () => {
      const y = window.scrollY;
      setScrolled(y > SCROLL_THRESHOLD);
      const delta = y - lastY.current;
      if (y < 120) setTucked(false);
      else if (delta > REVEAL_STEP) setTucked(true);
      else if (delta < -REVEAL_STEP) setTucked(false);
      if (Math.abs(delta) > REVEAL_STEP || y < 120) lastY.current = y;
    };
    lastY.current = window.scrollY;
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [menuOpen]);

  // The panel closes on navigation (set while rendering, as in Disclosure)
  // and when the window grows past mobile.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    const onChange = () => !mq.matches && setMenuOpen(false);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  const closeMenu = useCallback((refocus: boolean) => {
    setMenuOpen(false);
    if (refocus) toggle.current?.focus();
  }, []);
  useDismiss(menuOpen, closeMenu, header);
  const settings = useSite()?.settings;
  const t = useT();

  return (
    <header
      ref={header}
      className={`site-header${scrolled ? ' is-scrolled' : ''}${menuOpen ? ' menu-open' : ''}${tucked && !menuOpen ? ' is-tucked' : ''}`}
      // A keyboard reaching the header brings it back into view.
      onFocus={() => setTucked(false)}
    >
      <div className="lang-bar">
        <LanguageSwitcher />
      </div>
      <div className="header-inner">
        <Link to={paths.home} className="brand">
          <Logo />
          <span className="brand-text">
            <strong>{settings?.orgName || 'SPDC'}</strong>
            {settings?.tagline && <small>{settings.tagline}</small>}
          </span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => {
            // The open panel is part of the page at its top: go there with it.
            if (!menuOpen && window.scrollY > 0) window.scrollTo({ top: 0 });
            setMenuOpen((o) => !o);
          }}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
          <span>{t('header.menu')}</span>
        </button>
        <div id="site-menu" className="site-menu">
          <nav className="main-nav" aria-label={t('header.nav')}>
            <ul className="nav-links">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.to === '/'} className="nav-link">
                    {t(`header.${l.label}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <Disclosure id="involved-menu" className="involved" label="How to get involved">
              {(close) =>
                involved.map((l) => (
                  <li key={l.to}>
                    <NavLink to={l.to} className="nav-link" onClick={close}>
                      {t(`header.${l.label}`)}
                    </NavLink>
                  </li>
                ))
              }
            </Disclosure>
          </nav>
          <div className="header-tools">
            <TextSizeControl />
            <AccountArea />
          </div>
        </div>
      </div>
    </header>
  );
}

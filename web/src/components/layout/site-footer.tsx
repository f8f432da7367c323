// The site footer: the program's name and tagline, Find Us (address,
// e-mail, phones), Useful Links and the gallery, from the site's data. A
// detail that is not set is not shown, nor a block left empty. It is
// below the first screen of every page, so the layout loads it after the
// first render (app/layout.tsx).
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSite } from '@/lib/site-data';
import { Icon } from '@/components/icon';
import { SiteImage } from '@/components/site-image';
import { useT } from '@/i18n';

/** backToTop takes the person from the foot of a long page to its top
 * and puts the keyboard on the menu (the Menu button on a phone). */
function backToTop() {
  window.scrollTo({ top: 0 });
  const toggle = document.querySelector<HTMLElement>('.menu-toggle');
  const target = toggle && toggle.offsetParent !== null ? toggle : document.querySelector<HTMLElement>('.main-nav a');
  target?.focus({ preventScroll: true });
}

export default function SiteFooter() {
  const data = useSite();
  const t = useT();
  const s = data?.settings;
  const gallery = data?.collections.gallery.filter((g) => g.photo) ?? [];
  const name = s?.orgName || 'SPDC';
  const hasContact = !!s && (s.addressLines.length > 0 || !!s.email || s.phones.length > 0);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{name}</h2>
          {s?.tagline && <p>{s.tagline}</p>}
          {s && s.social.length > 0 && (
            <ul className="social-links">
              {s.social.map((l) => (
                <li key={l.url}>
                  <a href={l.url} rel="noopener noreferrer">
                    {l.network}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        {hasContact && (
          <section aria-labelledby="footer-find">
            <h2 id="footer-find">{t('footer.findUs')}</h2>
            <ul className="contact-list">
              {s.addressLines.length > 0 && (
                <li>
                  <Icon name="pin" />
                  <address>
                    {s.addressLines.map((l, i) => (
                      <span key={i}>{l}</span>
                    ))}
                  </address>
                </li>
              )}
              {s.email && (
                <li>
                  <Icon name="mail" />
                  <a href={`mailto:${s.email}`}>{s.email}</a>
                </li>
              )}
              {s.phones.map((p) => (
                <li key={p.dial}>
                  <Icon name="phone" />
                  <span>
                    {p.label && `${p.label}: `}
                    <a href={`tel:${p.dial}`}>{p.display}</a>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">{t('footer.links')}</h2>
          <ul className="footer-links">
            <li>
              <Link to={paths.privacy}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to={paths.terms}>{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to={paths.faq}>{t('footer.faq')}</Link>
            </li>
            <li>
              <Link to={paths.donor}>{t('footer.donors')}</Link>
            </li>
            <li>
              <Link to={paths.testimonial}>{t('footer.testimonials')}</Link>
            </li>
            <li>
              <Link to={paths.contact}>{t('header.contact')}</Link>
            </li>
          </ul>
        </section>
        {gallery.length > 0 && (
          <section aria-labelledby="footer-gallery">
            <h2 id="footer-gallery">{t('footer.gallery')}</h2>
            <ul className="gallery">
              {gallery.map((g) => (
                <li key={g._id}>
                  <SiteImage media={g.photo!} alt={g.alt || g.photo!.alt} sizes="(max-width: 768px) 33vw, 10rem" />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="footer-bottom">
        <p className="container footer-top-link">
          <button type="button" className="back-to-top" onClick={backToTop}>
            <span aria-hidden="true">↑ </span>
            {t('footer.backToTop')}
          </button>
        </p>
        <p className="container">
          {t('footer.rights', { year: new Date().getFullYear(), name })}
        </p>
      </div>
    </footer>
  );
}

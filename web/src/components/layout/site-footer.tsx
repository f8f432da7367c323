// The site footer: Find Us (address, e-mail, two phone
// numbers), Useful Links and a gallery of six drawn scenes.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { contact, footerText, gallery, site } from '@/content/site';
import { Icon } from '@/components/icon';
import { Picture } from '@/components/picture';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{site.name}</h2>
          <p>{footerText}</p>
          {contact.social.length > 0 && (
            <ul className="social-links">
              {contact.social.map((s) => (
                <li key={s.href}>
                  <a href={s.href} rel="noopener noreferrer">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="footer-find">
          <h2 id="footer-find">Find Us</h2>
          <ul className="contact-list">
            <li>
              <Icon name="pin" />
              <address>
                {contact.addressLines.map((l) => (
                  <span key={l}>{l}</span>
                ))}
              </address>
            </li>
            <li>
              <Icon name="mail" />
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
            {contact.phones.map((p) => (
              <li key={p.dial}>
                <Icon name="phone" />
                <span>
                  {p.label}: <a href={`tel:${p.dial}`}>{p.display}</a>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Useful Links</h2>
          <ul className="footer-links">
            <li>
              <Link to={paths.privacy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.terms}>Terms and Condition</Link>
            </li>
            <li>
              <Link to={paths.faq}>Questions and answers</Link>
            </li>
            <li>
              <Link to={paths.donor}>Our donors</Link>
            </li>
            <li>
              <Link to={paths.testimonial}>Testimonials</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-gallery">
          <h2 id="footer-gallery">Gallery</h2>
          <ul className="gallery">
            {gallery.map((g) => (
              <li key={g.src}>
                <Picture name={g.src} alt={g.alt} width={480} height={320} />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="footer-bottom">
        <p className="container">
          © {new Date().getFullYear()} {site.name}. All text, drawings and video on this site were made for the program.
        </p>
      </div>
    </footer>
  );
}

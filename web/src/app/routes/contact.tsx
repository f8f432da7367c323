// Contact Us: the message form (from the forms feature) beside the
// program's address, phones and e-mail, and a map that loads only on
// request. A detail the program has not set is not shown.
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { contactPage } from '@/content/pages';
import { useSite } from '@/lib/site-data';
import { ContactForm } from '@/features/contact';
import { MapEmbed } from '@/features/site/map-embed';

export default function ContactPage() {
  usePageMeta(meta.contact);
  const s = useSite()?.settings;
  const hasDetails = !!s && (s.addressLines.length > 0 || s.phones.length > 0 || !!s.email);
  return (
    <>
      <PageHeader title="Contact Us" lead={contactPage.intro} />
      <div className="section">
        <div className="container contact-grid">
          <section aria-labelledby="msg-title" className="contact-form-area">
            <h2 id="msg-title">Send us a message</h2>
            <ContactForm />
          </section>
          {s && (
            <aside aria-labelledby="reach-title" className="contact-info">
              <h2 id="reach-title">Reach us</h2>
              {hasDetails ? (
                <ul className="contact-list">
                  {s.addressLines.length > 0 && (
                    <li>
                      <Icon name="pin" />
                      <span>
                        <strong>Location</strong>
                        <address>
                          {s.addressLines.map((l, i) => (
                            <span key={i}>{l}</span>
                          ))}
                        </address>
                      </span>
                    </li>
                  )}
                  {s.phones.map((p) => (
                    <li key={p.dial}>
                      <Icon name="phone" />
                      <span>
                        <strong>{p.label || 'Phone'}</strong>
                        <a href={`tel:${p.dial}`}>{p.display}</a>
                      </span>
                    </li>
                  ))}
                  {s.email && (
                    <li>
                      <Icon name="mail" />
                      <span>
                        <strong>Email</strong>
                        <a href={`mailto:${s.email}`}>{s.email}</a>
                      </span>
                    </li>
                  )}
                </ul>
              ) : (
                <p>Our address and phone numbers will be published here soon. Until then, please use the form: we read every message.</p>
              )}
              {s.map && (
                <MapEmbed
                  lat={s.map.lat}
                  lon={s.map.lng}
                  zoom={15}
                  label={s.addressLines[0] || s.orgName || 'our office'}
                  buttonText={contactPage.mapButton}
                  note={contactPage.mapNote}
                />
              )}
            </aside>
          )}
        </div>
      </div>
    </>
  );
}

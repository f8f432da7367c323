// Contact Us: the message form (from the forms feature) beside the
// program's address, phones and e-mail, and a map that loads only on
// request. A detail the program has not set is not shown.
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { useSite } from '@/lib/site-data';
import { ContactForm } from '@/features/contact';
import { MapEmbed } from '@/features/site/map-embed';
import { t } from '@/i18n';

export default function ContactPage() {
  usePageMeta(meta.contact);
  const s = useSite()?.settings;
  const hasDetails = !!s && (s.addressLines.length > 0 || s.phones.length > 0 || !!s.email);
  return (
    <>
      <PageHeader title={meta.contact.title} lead={t('contact.intro')} />
      <div className="section">
        <div className="container contact-grid">
          <section aria-labelledby="msg-title" className="contact-form-area">
            <h2 id="msg-title">{t('contact.sendUs')}</h2>
            <ContactForm />
          </section>
          {s && (
            <aside aria-labelledby="reach-title" className="contact-info">
              <h2 id="reach-title">{t('contact.reachUs')}</h2>
              {hasDetails ? (
                <ul className="contact-list">
                  {s.addressLines.length > 0 && (
                    <li>
                      <Icon name="pin" />
                      <span>
                        <strong>{t('contact.location')}</strong>
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
                        <strong>{p.label || t('contact.phone')}</strong>
                        <a href={`tel:${p.dial}`}>{p.display}</a>
                      </span>
                    </li>
                  ))}
                  {s.email && (
                    <li>
                      <Icon name="mail" />
                      <span>
                        <strong>{t('contact.email')}</strong>
                        <a href={`mailto:${s.email}`}>{s.email}</a>
                      </span>
                    </li>
                  )}
                </ul>
              ) : (
                <p>{t('contact.soon')}</p>
              )}
              {s.map && (
                <MapEmbed
                  lat={s.map.lat}
                  lon={s.map.lng}
                  zoom={15}
                  label={s.addressLines[0] || s.orgName || t('contact.ourOffice')}
                  buttonText={t('contact.mapButton')}
                  note={t('contact.mapNote')}
                />
              )}
            </aside>
          )}
        </div>
      </div>
    </>
  );
}

// Contact Us: the message form (from the forms feature) beside our
// location, phones and e-mail, and a map that loads only on request.
import { Icon } from '@/components/icon';
import { PageHeader } from '@/components/page-header';
import { usePageMeta } from '@/components/page-meta';
import { meta } from '@/content/meta';
import { contactPage } from '@/content/pages';
import { contact } from '@/content/site';
import { ContactForm } from '@/features/contact';
import { MapEmbed } from '@/features/site/map-embed';

export default function ContactPage() {
  usePageMeta(meta.contact);
  return (
    <>
      <PageHeader title="Contact Us" lead={contactPage.intro} />
      <div className="section">
        <div className="container contact-grid">
          <section aria-labelledby="msg-title" className="contact-form-area">
            <h2 id="msg-title">Send us a message</h2>
            <ContactForm />
          </section>
          <aside aria-labelledby="reach-title" className="contact-info">
            <h2 id="reach-title">Reach us</h2>
            <ul className="contact-list">
              <li>
                <Icon name="pin" />
                <span>
                  <strong>Location</strong>
                  <address>
                    {contact.addressLines.map((l) => (
                      <span key={l}>{l}</span>
                    ))}
                  </address>
                </span>
              </li>
              {contact.phones.map((p) => (
                <li key={p.dial}>
                  <Icon name="phone" />
                  <span>
                    <strong>{p.label}</strong>
                    <a href={`tel:${p.dial}`}>{p.display}</a>
                  </span>
                </li>
              ))}
              <li>
                <Icon name="mail" />
                <span>
                  <strong>Email</strong>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </span>
              </li>
            </ul>
            <MapEmbed {...contact.map} buttonText={contactPage.mapButton} note={contactPage.mapNote} />
          </aside>
        </div>
      </div>
    </>
  );
}

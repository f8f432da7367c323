// The body of the Privacy Policy and the Terms & Conditions.
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { LegalSection } from '@/content/legal';

export function LegalText({ intro, sections }: { intro: string; sections: LegalSection[] }) {
  return (
    <div className="section">
      <div className="container narrow legal">
        <p className="section-lead">{intro}</p>
        {sections.map((s) => (
          <section key={s.heading} aria-labelledby={slug(s.heading)}>
            <h2 id={slug(s.heading)}>{s.heading}</h2>
            {s.paragraphs?.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {s.items && (
              <ul>
                {s.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <p>
          Questions? <Link to={paths.contact}>Contact us</Link>.
        </p>
      </div>
    </div>
  );
}

function slug(s: string) {
  return 'sec-' + s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

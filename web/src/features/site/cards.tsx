// Card grids shared by the home page and the inner pages, drawn from the
// site's data (lib/site-data.ts). Pictures are the uploaded ones at their
// responsive sizes; a person without a photo gets a drawn portrait.
import type { ReactNode } from 'react';
import { Avatar } from '@/components/avatar';
import { Icon, type IconName } from '@/components/icon';
import { ReadMore } from '@/components/read-more';
import { SiteImage } from '@/components/site-image';
import { Stars } from '@/components/stars';
import type { Donor, Feature, MediaRef, Step, Story, TeamMember, Testimonial, Volunteer } from '@/lib/site-data';
import { locales } from '@/i18n';
import { dateFormat } from '@/i18n/format';
import { formatRupees } from '@/lib/india';

type H = 'h2' | 'h3';

const ICONS: readonly string[] = ['money', 'health', 'heart', 'check', 'people', 'home', 'voice', 'hands'];

/** hueOf gives a name its own colour for the drawn portrait. */
export function hueOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

function Portrait({ name, photo }: { name: string; photo: MediaRef | null }) {
  return photo ? <SiteImage className="avatar photo" media={photo} sizes="7rem" /> : <Avatar hue={hueOf(name)} />;
}

export function FeatureGrid({ items, as: Heading = 'h3' }: { items: Feature[]; as?: H }) {
  return (
    <ul className="card-grid grid-4">
      {items.map((f) => (
        <li key={f._id} className="card feature-card">
          <span className="feature-icon">
            <Icon name={(ICONS.includes(f.icon) ? f.icon : 'heart') as IconName} size={32} />
          </span>
          <Heading>{f.title}</Heading>
          <p>{f.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** StepList numbers the steps; details renders a step's Read More text. */
export function StepList({ items, details, as: Heading = 'h3' }: { items: Step[]; details: (markdown: string) => ReactNode; as?: H }) {
  return (
    <ol className="card-grid grid-3 steps">
      {items.map((s, i) => (
        <li key={s._id} className="card step-card">
          <span className="step-number" aria-hidden="true">
            {i + 1}
          </span>
          <Heading>
            <span className="visually-hidden">Step {i + 1}: </span>
            {s.title}
          </Heading>
          <p>{s.text}</p>
          {s.details.trim() && <ReadMore>{details(s.details)}</ReadMore>}
        </li>
      ))}
    </ol>
  );
}

/** listedDonors are the donors who agreed to be listed. */
export function listedDonors(items: Donor[]): Donor[] {
  return items.filter((d) => d.consent);
}

export function DonorGrid({ items }: { items: Donor[] }) {
  return (
    <ul className="card-grid grid-3 people">
      {items.map((d) => (
        <li key={d._id} className="card person-card">
          <Portrait name={d.name} photo={d.photo} />
          <h3>{d.name}</h3>
          {d.amount !== null && d.amount > 0 && (
            <p className="donor-amount">
              Donated <strong>{formatRupees(Math.round(d.amount) * 100)}</strong>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

export function PeopleGrid({ items }: { items: Volunteer[] }) {
  return (
    <ul className="card-grid grid-3 people">
      {items.map((p) => (
        <li key={p._id} className="card person-card">
          <Portrait name={p.name} photo={p.photo} />
          <h3>{p.name}</h3>
          {p.role && <p className="person-role">{p.role}</p>}
        </li>
      ))}
    </ul>
  );
}

/** TeamGrid shows each member; bio renders the biography (Markdown). */
export function TeamGrid({ items, bio }: { items: TeamMember[]; bio: (markdown: string) => ReactNode }) {
  return (
    <ul className="card-grid grid-4 people">
      {items.map((m) => (
        <li key={m._id} className="card person-card">
          <Portrait name={m.name} photo={m.photo} />
          <h3>{m.name}</h3>
          <p className="person-role">{m.role}</p>
          {m.bio.trim() && bio(m.bio)}
        </li>
      ))}
    </ul>
  );
}

export function TestimonialGrid({ items }: { items: Testimonial[] }) {
  return (
    <ul className="card-grid grid-3">
      {items.map((t) => (
        <li key={t._id} className="card testimonial-card">
          <Stars count={t.stars} />
          <blockquote>
            <p>{t.quote}</p>
          </blockquote>
          <p className="testimonial-by">
            <strong>{t.name}</strong>
            {t.place && `, ${t.place}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** showDate writes a YYYY-MM-DD date with the month's name ("Nov 22, 2026"),
 * in the language being shown. */
export function showDate(d: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  if (!m) return d;
  return dateFormat(locales().date, true).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** StoryList shows stories or events; body renders the text (the home page
 * passes a short plain one). */
export function StoryList({ items, body, full = false }: { items: Story[]; body: (markdown: string) => ReactNode; full?: boolean }) {
  return (
    <ol className={full ? 'story-list' : 'card-grid grid-3 story-list'}>
      {items.map((s) => (
        <li key={s._id} className="card story-card" id={full ? `item-${s._id}` : undefined}>
          {s.photo && <SiteImage className="story-photo" media={s.photo} sizes={full ? '(max-width: 800px) 100vw, 800px' : '(max-width: 768px) 100vw, 33vw'} />}
          <h3>{s.title}</h3>
          {(s.date || s.place) && (
            <p className="story-period">
              {s.date && <time dateTime={s.date}>{showDate(s.date)}</time>}
              {s.date && s.place && ' · '}
              {s.place}
            </p>
          )}
          {s.body.trim() && body(s.body)}
        </li>
      ))}
    </ol>
  );
}

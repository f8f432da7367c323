// Card grids shared by the home page and the inner pages.
import { Avatar } from '@/components/avatar';
import { Icon } from '@/components/icon';
import { ReadMore } from '@/components/read-more';
import { Stars } from '@/components/stars';
import type { Feature } from '@/content/home';
import type { Step } from '@/content/implementation';
import type { Donor, Person, TeamMember, Testimonial } from '@/content/samples';
import { sampleNotice } from '@/content/samples';
import type { Story } from '@/content/stories';

type H = 'h2' | 'h3';

export function FeatureGrid({ items, as: Heading = 'h3' }: { items: Feature[]; as?: H }) {
  return (
    <ul className="card-grid grid-4">
      {items.map((f) => (
        <li key={f.title} className="card feature-card">
          <span className="feature-icon">
            <Icon name={f.icon} size={32} />
          </span>
          <Heading>{f.title}</Heading>
          <p>{f.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function StepList({ items, as: Heading = 'h3' }: { items: Step[]; as?: H }) {
  return (
    <ol className="card-grid grid-3 steps">
      {items.map((s, i) => (
        <li key={s.title} className="card step-card">
          <span className="step-number" aria-hidden="true">
            {i + 1}
          </span>
          <Heading>
            <span className="visually-hidden">Step {i + 1}: </span>
            {s.title}
          </Heading>
          <p>{s.summary}</p>
          {s.more && <ReadMore paragraphs={s.more} />}
        </li>
      ))}
    </ol>
  );
}

export function SampleNotice() {
  return <p className="sample-notice">{sampleNotice}</p>;
}

export function DonorGrid({ items }: { items: Donor[] }) {
  return (
    <ul className="card-grid grid-3 people">
      {items.map((d) => (
        <li key={d.name} className="card person-card">
          <Avatar hue={d.hue} />
          <h3>{d.name}</h3>
          <p className="donor-amount">
            Donated <strong>{d.amount}</strong>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function PeopleGrid({ items }: { items: Person[] }) {
  return (
    <ul className="card-grid grid-3 people">
      {items.map((p) => (
        <li key={p.name} className="card person-card">
          <Avatar hue={p.hue} />
          <h3>{p.name}</h3>
          {p.role && <p className="person-role">{p.role}</p>}
        </li>
      ))}
    </ul>
  );
}

export function TeamGrid({ items }: { items: TeamMember[] }) {
  return (
    <ul className="card-grid grid-4 people">
      {items.map((m) => (
        <li key={m.name} className="card person-card">
          <Avatar hue={m.hue} />
          <h3>{m.name}</h3>
          <p className="person-role">{m.role}</p>
          <p>{m.bio}</p>
        </li>
      ))}
    </ul>
  );
}

export function TestimonialGrid({ items }: { items: Testimonial[] }) {
  return (
    <ul className="card-grid grid-3">
      {items.map((t) => (
        <li key={t.name} className="card testimonial-card">
          <Stars count={t.stars} />
          <blockquote>
            <p>{t.quote}</p>
          </blockquote>
          <p className="testimonial-by">
            <strong>{t.name}</strong>, {t.place}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function StoryList({ items, full = false }: { items: Story[]; full?: boolean }) {
  return (
    <ol className={full ? 'story-list' : 'card-grid grid-3 story-list'}>
      {items.map((s) => (
        <li key={s.title} className="card story-card">
          <h3>{s.title}</h3>
          <p className="story-period">{s.period}</p>
          {(full ? s.text : s.text.slice(0, 1)).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </li>
      ))}
    </ol>
  );
}

// Site-wide content: the program's name, the contact details shown in the
// footer and on Contact Us, and the footer gallery. Everything marked
// PLACEHOLDER is not real yet: the program replaces it here and no
// component needs to change.

export interface Phone {
  label: string;
  /** As shown to people. */
  display: string;
  /** For the tel: link, digits with a leading +. */
  dial: string;
}

export interface Contact {
  addressLines: string[];
  email: string;
  phones: [Phone, Phone];
  /** Where the map is centred (OpenStreetMap, loaded only on request). */
  map: { lat: number; lon: number; zoom: number; label: string };
  /** Social profiles; a link is shown only when its address is set. */
  social: { label: string; href: string }[];
}

export const site = {
  name: 'SPDC',
  longName: 'SPDC care program',
  tagline: "Caring for Srila Prabhupada's elderly disciples",
  // The production origin, used by the sitemap and the Open Graph tags.
  origin: 'https://spdc.example.org', // PLACEHOLDER
};

/** PLACEHOLDER contact details: replace with the program's real ones. */
export const contact: Contact = {
  addressLines: ['SPDC Care Office (placeholder)', 'Near the Krishna Balaram Mandir', 'Raman Reti, Vrindavan', 'Uttar Pradesh 281121, India'],
  email: 'care@spdc.example.org',
  phones: [
    { label: 'Care desk', display: '+91 00000 11111', dial: '+910000011111' },
    { label: 'Volunteer desk', display: '+91 00000 22222', dial: '+910000022222' },
  ],
  map: { lat: 27.5719, lon: 77.6773, zoom: 15, label: 'Vrindavan, Uttar Pradesh' },
  social: [],
};

export interface GalleryImage {
  /** Base name in /media; an .avif and a .webp of it exist. */
  src: string;
  alt: string;
}

/** The footer gallery: six scenes drawn by web/scripts/media/generate.sh. */
export const gallery: GalleryImage[] = [
  { src: 'gallery-1', alt: 'Dawn over green hills, drawn in soft blues and greens' },
  { src: 'gallery-2', alt: 'A rose-coloured dusk behind dark hills' },
  { src: 'gallery-3', alt: 'A bright midday sky over rolling fields' },
  { src: 'gallery-4', alt: 'A calm teal morning over quiet valleys' },
  { src: 'gallery-5', alt: 'A golden evening over amber hills' },
  { src: 'gallery-6', alt: 'The sun rising in saffron light over the hills' },
];

export const footerText =
  'SPDC looks after the elderly initiated disciples of Srila Prabhupada with practical help, health care and loving association, so that they can spend their remaining years in peace and in devotional service.';

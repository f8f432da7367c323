// SAMPLE people and amounts. Every donor, volunteer, sevaka and testimonial
// below is invented to show the layout; none is a real person. The program
// replaces these lists here, and the pages say that they are samples.

/** Shown under every block of sample cards. */
export const sampleNotice = 'Sample entries: names and amounts shown here are examples, not real people.';

export interface Person {
  name: string;
  role?: string;
  /** A hue (0–360) for the drawn portrait; there are no photos of samples. */
  hue: number;
}

export interface Donor extends Person {
  /** Amount as shown, e.g. '$256'. */
  amount: string;
}

export interface TeamMember extends Person {
  role: string;
  bio: string;
}

export interface Testimonial {
  name: string;
  place: string;
  quote: string;
  stars: 5;
}

/** Six SAMPLE donors on the home page: $256, $256, $420, repeated. */
export const homeDonors: Donor[] = [
  { name: 'Sample Donor A', amount: '$256', hue: 24 },
  { name: 'Sample Donor B', amount: '$256', hue: 200 },
  { name: 'Sample Donor C', amount: '$420', hue: 140 },
  { name: 'Sample Donor D', amount: '$256', hue: 330 },
  { name: 'Sample Donor E', amount: '$256', hue: 270 },
  { name: 'Sample Donor F', amount: '$420', hue: 48 },
];

/** Nine SAMPLE donors on the Donor page. */
export const donorPage: Donor[] = [
  ...homeDonors,
  { name: 'Sample Donor G', amount: '$256', hue: 180 },
  { name: 'Sample Donor H', amount: '$256', hue: 10 },
  { name: 'Sample Donor I', amount: '$420', hue: 100 },
];

/** Six SAMPLE volunteers. */
export const volunteers: Person[] = [
  { name: 'Sample Volunteer 1', role: 'Hospital visits', hue: 16 },
  { name: 'Sample Volunteer 2', role: 'Travel escort', hue: 210 },
  { name: 'Sample Volunteer 3', role: 'Phone companion', hue: 150 },
  { name: 'Sample Volunteer 4', role: 'Health check-ups', hue: 300 },
  { name: 'Sample Volunteer 5', role: 'Paperwork help', hue: 40 },
  { name: 'Sample Volunteer 6', role: 'Kirtan evenings', hue: 260 },
];

/** Four SAMPLE sevakas (team members). */
export const team: TeamMember[] = [
  {
    name: 'Sample Sevaka One',
    role: 'Program coordinator',
    bio: 'Keeps the whole program moving: answers new requests, assigns coordinators and reports to the governing body.',
    hue: 28,
  },
  {
    name: 'Sample Sevaka Two',
    role: 'Health care lead',
    bio: 'A retired nurse who arranges health assessments, hospital visits and medicines with doctors we trust.',
    hue: 190,
  },
  {
    name: 'Sample Sevaka Three',
    role: 'Volunteer coordinator',
    bio: 'Welcomes new volunteers, matches them with elders nearby and makes sure nobody serves alone.',
    hue: 120,
  },
  {
    name: 'Sample Sevaka Four',
    role: 'Finance and donations',
    bio: 'Receives donations, issues receipts and makes sure every gift is spent on the purpose the donor chose.',
    hue: 340,
  },
];

/** Six SAMPLE testimonials, five stars each. */
export const testimonials: Testimonial[] = [
  {
    name: 'Sample elder, Mayapur',
    place: 'West Bengal',
    quote: 'When I fell ill, someone from SPDC sat with me in the hospital every day. I never felt alone, and I could keep chanting my rounds.',
    stars: 5,
  },
  {
    name: 'Sample elder, Vrindavan',
    place: 'Uttar Pradesh',
    quote: 'They helped me find a quiet room near the temple with a lift and prasadam. Now I attend mangala-arati again.',
    stars: 5,
  },
  {
    name: 'Sample daughter of a disciple',
    place: 'Mumbai',
    quote: 'Living far away, I worried about my father constantly. The monthly calls and health check-ups gave our whole family peace of mind.',
    stars: 5,
  },
  {
    name: 'Sample volunteer',
    place: 'Bengaluru',
    quote: 'Serving the disciples who served Srila Prabhupada is the greatest blessing of my life. I learn something from them at every visit.',
    stars: 5,
  },
  {
    name: 'Sample temple president',
    place: 'Pune',
    quote: 'Confirming a disciple took me two minutes, and within a week a coordinator had visited him. The process is simple and respectful.',
    stars: 5,
  },
  {
    name: 'Sample host family',
    place: 'Ujjain',
    quote: 'Hosting an elderly Godbrother for the Kartika month filled our home with stories of the early days. We will host again.',
    stars: 5,
  },
];

// Text of the smaller pages: services, causes, event details, FAQ, coming
// soon, volunteer and donor pages, contact and team introductions.

export const services = {
  intro: 'The help SPDC arranges for elderly disciples. Each service is planned with the elder and reviewed as their needs change.',
  items: [
    { title: 'Healthcare coordination', text: 'Finding the right doctor, booking appointments, going along to the hospital and following up on medicines and tests.' },
    { title: 'Financial assistance', text: 'Monthly support for those without income, and one-time help for emergencies, rent or a needed operation.' },
    { title: 'Accommodation and hosting', text: 'Rooms near temples and holy places, and devotee families who open their homes for a week, a month or longer.' },
    { title: 'Companionship', text: 'Regular phone calls and visits, reading and kirtan together, and help staying in touch with old friends.' },
    { title: 'Travel assistance', text: 'Tickets, an escort and a welcome at the other end for journeys to hospitals, family or a holy place.' },
    { title: 'Paperwork and advocacy', text: 'Help with pensions, identity papers, bank accounts and insurance, and someone to speak up when it matters.' },
  ],
};

export const serviceDetails = {
  title: 'Healthcare coordination',
  paragraphs: [
    'Growing old often means more doctors, more medicines and more forms, just when travelling and remembering become harder. Our healthcare coordination service gives each elder one trusted volunteer who keeps track of it all.',
    'The volunteer books appointments, arranges transport, goes along to the clinic or hospital, writes down what the doctor says and makes sure medicines are bought and taken. When a stay in hospital is needed, volunteers take turns so that a devotee is present every day.',
    'Costs are met from the Health purpose of the donations we receive. Every case is reviewed by our health care lead, a retired nurse, who also arranges the yearly health assessment.',
  ],
  steps: ['Tell us about the need through Contact Us or a temple president', 'A coordinator calls within a few days', 'A volunteer is assigned and a simple care plan is agreed', 'We follow up every month'],
};

export interface Cause {
  title: string;
  text: string;
  raised: number;
  goal: number;
}

/** SAMPLE fundraising causes (amounts are examples, in rupees). */
export const causes: Cause[] = [
  { title: 'Medicines for the coming year', text: 'Regular medicines for elders who have no pension or family support.', raised: 112500, goal: 150000 },
  { title: 'Cataract operations', text: 'Restoring sight so that elders can read Srila Prabhupada’s books again.', raised: 42000, goal: 80000 },
  { title: 'Rooms near the temple', text: 'Rent for quiet, accessible rooms within walking distance of a temple.', raised: 96000, goal: 240000 },
];

export const causeDetails = {
  title: 'Medicines for the coming year',
  paragraphs: [
    'Many elderly disciples live on very little. When a monthly medicine bill arrives, some of them simply stop taking their tablets. This cause covers a full year of prescribed medicines for the elders in our care who cannot afford them.',
    'Our health care lead checks each prescription with the elder’s doctor, buys the medicines from trusted pharmacies and has volunteers deliver them every month, with a friendly visit at the same time.',
  ],
  summary: 'Every gift, large or small, keeps an elder on their treatment. Donations are received by bank transfer; choose the Health purpose when you e-mail us.',
  /** SAMPLE figures, in rupees: 75 % of the goal. */
  raised: 112500,
  goal: 150000,
  /** Preset amounts; the highlighted one is the suggestion. */
  amounts: ['$10', '$60', '$200', '$500', '$1000'],
  suggested: '$200',
};

export const eventDetails = {
  title: 'Kartika gathering for elders (sample event)',
  when: 'Every year during the month of Kartika',
  where: 'Vrindavan, with transport arranged from nearby towns',
  paragraphs: [
    'During the holy month of Kartika we invite elderly disciples to spend a few days together in Vrindavan. Volunteers arrange travel, accessible rooms, prasadam and a doctor on call.',
    'Each evening the elders lead kirtan and share memories of their service with Srila Prabhupada, while younger devotees listen and record the stories for the future.',
    'Elders who cannot travel are visited at home by local volunteers during the same week, with a lamp to offer and sweets from the gathering.',
  ],
};

export const faq: { q: string; a: string }[] = [
  { q: 'Who can receive help from SPDC?', a: 'Devotees who were initiated directly by Srila Prabhupada and who need help because of age, health or lack of means. A temple president or an existing disciple confirms each registration.' },
  { q: 'How do I register a disciple?', a: 'Fill in the SP Disciple form. We then e-mail the temple president you named, who confirms the registration with one click. A coordinator contacts the disciple afterwards.' },
  { q: 'Does it cost anything?', a: 'No. All help is free for the elders. The program is paid for by donations and run mostly by volunteers.' },
  { q: 'How can I volunteer?', a: 'Use the Become a Volunteer form and tell us what you enjoy doing and how much time you have. Our volunteer coordinator will call you and match you with an elder nearby.' },
  { q: 'Can I host an elderly disciple in my home?', a: 'Yes. Use the Become a host form to tell us about the room you can offer and for how long. We visit every host before an elder stays.' },
  { q: 'How do I donate and get a receipt?', a: 'Donations are made by bank transfer. The Donation page lists the account and what to e-mail us afterwards so we can send your 80G or general receipt.' },
];

export const comingSoon = {
  title: 'Memories of the early days',
  text: 'We are recording the stories of Srila Prabhupada’s disciples in their own voices, to keep them for the generations to come. The library will open here soon. Leave your e-mail address and we will tell you when it does.',
};

export const volunteerPage = {
  intro: 'Our volunteers visit, call, drive, cook, fill in forms and sit beside hospital beds. None of it needs special skills, only a willing heart and a few hours a week.',
  cta: 'Become a Volunteer',
};

export const donorPage = {
  heading: "Behind The Donor's Of",
  intro: 'Every month, well-wishers around the world give so that elderly disciples can live in dignity. These cards show how the list will look; the names are samples.',
  cta: 'Become a Donor',
};

export const teamPage = {
  intro: 'SPDC is run by a small team of sevakas, supported by volunteers in many cities. The profiles below are samples until the team’s own are added.',
};

export const testimonialsPage = {
  intro: 'What elders, families, volunteers and temple presidents say about the care they have given and received. These are sample testimonials.',
};

export const contactPage = {
  intro: 'Write to us, call us or visit us. If you know an elderly disciple who needs help, please tell us: we will reach out gently and confidentially.',
  mapButton: 'Show the map',
  mapNote: 'The map is provided by OpenStreetMap and loads only when you ask for it.',
};

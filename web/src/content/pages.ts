// Text of the smaller pages that is not the program's editable content:
// services, causes, coming soon, and the introductions of the pages whose
// lists come from the site's data.

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
    'Costs are met from the Health purpose of the donations we receive.',
  ],
  steps: ['Tell us about the need through Contact Us or a temple president', 'A coordinator calls within a few days', 'A volunteer is assigned and a simple care plan is agreed', 'We follow up every month'],
};

export interface Cause {
  title: string;
  text: string;
}

/** Needs a gift can meet (no figures: the program publishes none yet). */
export const causes: Cause[] = [
  { title: 'Medicines for the coming year', text: 'Regular medicines for elders who have no pension or family support.' },
  { title: 'Cataract operations', text: 'Restoring sight so that elders can read Srila Prabhupada’s books again.' },
  { title: 'Rooms near the temple', text: 'Rent for quiet, accessible rooms within walking distance of a temple.' },
];

export const causeDetails = {
  title: 'Medicines for the coming year',
  paragraphs: [
    'Many elderly disciples live on very little. When a monthly medicine bill arrives, some of them simply stop taking their tablets. This cause covers a full year of prescribed medicines for the elders in our care who cannot afford them.',
    'Prescriptions are checked with each elder’s doctor, medicines are bought from trusted pharmacies and volunteers deliver them every month, with a friendly visit at the same time.',
  ],
  summary: 'Every gift, large or small, keeps an elder on their treatment. Donations are received by bank transfer; choose the Health purpose when you write to us.',
  /** Amounts a donor may choose, in rupees; the highlighted one is the suggestion. */
  amounts: ['₹500', '₹1,000', '₹2,500', '₹5,000', '₹10,000'],
  suggested: '₹2,500',
};

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
  intro: 'Every month, well-wishers around the world give so that elderly disciples can live in dignity. Those who agreed to be named are listed here.',
  cta: 'Become a Donor',
};

export const teamPage = {
  intro: 'SPDC is run by a small team of sevakas, supported by volunteers in many cities.',
};

export const testimonialsPage = {
  intro: 'What elders, families, volunteers and temple presidents say about the care they have given and received.',
};


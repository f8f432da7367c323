// Text of the home page and the About Us page.

export const hero = {
  title: "Caring for Srila Prabhupada's elderly disciples",
  lead: 'Practical help, health care and loving association for the devotees who built our movement, so that they can grow old in dignity and in Krishna consciousness.',
  videoLabel: 'A slow sunrise over hills, drawn for SPDC',
};

export const about = {
  heading: 'About SPDC',
  paragraphs: [
    'Srila Prabhupada’s disciples gave their youth to spreading Krishna consciousness. They built temples, distributed books, cooked for thousands and travelled the world with little thought for their own future. Many of them are now in their seventies and eighties, and some live alone, without savings, family nearby or reliable health care.',
    'SPDC is a care program that finds these elders, listens to what they need and organises help: money for rent and medicine, escorts to hospitals, rooms near the holy places, regular calls and visits, and the association of devotees. It is run by volunteers and funded by the gifts of well-wishers.',
  ],
};

export const visionMission = {
  vision: {
    heading: 'Our vision',
    text: 'That no initiated disciple of Srila Prabhupada spends the last years of life neglected, in want or without devotee association, and that every one of them can remain absorbed in the holy name until the end.',
  },
  mission: {
    heading: 'Our mission',
    text: 'To find every elderly disciple who needs help, to understand their needs with respect, and to meet those needs with financial aid, health care coordination, safe accommodation and a caring community, accountably and in the spirit of service.',
  },
};

export interface Feature {
  title: string;
  text: string;
  icon: 'money' | 'health' | 'heart' | 'check' | 'people' | 'home' | 'voice' | 'hands';
}

export const featuresIntro = 'Eight ways SPDC helps, chosen from what elderly disciples told us they need most.';

/** The eight key features. */
export const features: Feature[] = [
  { icon: 'money', title: 'Financial assistance', text: 'Monthly support and one-time grants for rent, food, medicine and other essentials.' },
  { icon: 'health', title: 'Healthcare coordination', text: 'Doctor visits, hospital stays, medicines and follow-up arranged and accompanied by volunteers.' },
  { icon: 'heart', title: 'Emotional and spiritual support', text: 'Regular calls, visits, kirtan and reading together, so nobody feels forgotten.' },
  { icon: 'check', title: 'Comprehensive health assessments', text: 'Yearly check-ups that catch problems early and guide the help we plan.' },
  { icon: 'people', title: 'Community events', text: 'Gatherings on festival days where elders share memories and younger devotees listen.' },
  { icon: 'home', title: 'Relocation assistance', text: 'Help moving closer to a temple, a holy place or family, with hosts who care for them.' },
  { icon: 'voice', title: 'Advocacy', text: 'Speaking up for elders with hospitals, landlords and institutions when they cannot do it alone.' },
  { icon: 'hands', title: 'Volunteering', text: 'A way for every devotee to serve, from one phone call a week to full-time care.' },
];

export const storiesIntro =
  'What Srila Prabhupada’s disciples achieved with him is the reason we care for them now. These are some of the stories they lived.';

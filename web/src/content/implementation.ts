// The six steps of the implementation process, shared by the
// home page and /implementationProcess. The first three have more text
// behind 'Read More...'.

export interface Step {
  title: string;
  summary: string;
  /** Extra paragraphs shown after 'Read More...' (first three steps only). */
  more?: string[];
}

export const implementationIntro =
  'How SPDC grows from a list of names into a care network that reaches every elderly disciple who needs it. Each step builds on the one before, and each is reviewed every year.';

export const steps: Step[] = [
  {
    title: 'Needs assessment',
    summary:
      'We begin by listening. Volunteers visit or call each elderly disciple to learn about their health, their living situation, their income and what worries them most.',
    more: [
      'The conversation follows a short, gentle questionnaire prepared with doctors and senior devotees, so nothing important is missed and nobody is made to feel like a case number.',
      'Temple presidents and long-time friends help us find disciples who have become isolated. Every answer is kept private and is used only to plan that person’s care.',
    ],
  },
  {
    title: 'Establish program infrastructure',
    summary:
      'A small coordinating team, regional care coordinators and clear procedures make sure requests for help are answered quickly and fairly.',
    more: [
      'Each region has a coordinator who knows the local temples, hospitals and pilgrimage places. Coordinators meet every month to share what works.',
      'Simple written procedures cover emergencies, hospital stays, travel and financial help, so that help does not depend on who happens to answer the phone.',
    ],
  },
  {
    title: 'Database',
    summary:
      'A secure register records each disciple’s consent, needs, referrer and the help given, so no one falls through the cracks and every rupee can be accounted for.',
    more: [
      'Only authorised coordinators can read the register. Disciples can ask to see, correct or remove what we hold about them at any time.',
      'Each registration is confirmed by a temple president or an existing disciple, which keeps the register trustworthy and protects the elders from misuse of their names.',
    ],
  },
  {
    title: 'Build partnerships',
    summary:
      'We work with temples, hospitals, doctors, guest houses and devotee families who open their homes, so that care is close to where each elder lives.',
  },
  {
    title: 'Launch and promotion',
    summary:
      'Through temples, festivals, newsletters and word of mouth we let disciples, their families and well-wishers know that help is available and how to ask for it.',
  },
  {
    title: 'Monitor and evaluate',
    summary:
      'We follow up on every case, collect feedback from the elders themselves and review the numbers each quarter. Our achievements are presented annually to the governing body members.',
  },
];

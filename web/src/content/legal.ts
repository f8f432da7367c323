// Privacy Policy and Terms & Conditions, section by section.

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export const legalUpdated = 'Last updated: 2025';

export const privacy: { intro: string; sections: LegalSection[] } = {
  intro:
    'SPDC collects only what it needs to care for elderly disciples and to work with the volunteers, hosts and donors who help them. This policy explains what we collect, why, and what you can ask us to do with it.',
  sections: [
    {
      heading: 'Information we collect',
      items: [
        'Account details you give us: your name, e-mail address, mobile number and password (stored only in a scrambled form we cannot read).',
        'What you write in our forms: disciple registrations, volunteer and host offers, and messages to us.',
        'For disciple registrations: date of birth, initiation details and the contact of the temple president or disciple who confirms you.',
        'Basic technical records, such as the time of a request, kept to protect the site against misuse.',
      ],
    },
    {
      heading: 'How we use it',
      items: [
        'To understand and meet the needs of the elderly disciples in our care.',
        'To contact volunteers, hosts and donors about the service they offered.',
        'To confirm a disciple’s registration with the referrer they named.',
        'To keep accounts and issue donation receipts.',
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'We share information only with ISKCON centres or authorised personnel who take part in a person’s care, and only as much as they need. We never sell your information and never use or share it for marketing.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'Information is kept on secured servers, sent over encrypted connections and available only to authorised coordinators. Passwords are never stored in readable form.',
      ],
    },
    {
      heading: 'Your rights',
      items: [
        'Access: ask us for a copy of what we hold about you.',
        'Update: correct your details at any time, yourself in My Account or by writing to us.',
        'Deletion: ask us to delete your information; we will do so unless the law requires us to keep a record, such as a donation receipt.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change this policy we will publish the new version on this page with its date. Important changes will also be announced on the home page.',
      ],
    },
  ],
};

export const terms: { intro: string; sections: LegalSection[] } = {
  intro:
    'These terms apply to everyone who uses this website or takes part in the SPDC program as a disciple, volunteer, host or donor. By registering you accept them.',
  sections: [
    {
      heading: 'Eligibility',
      items: [
        'Disciples: the program serves devotees who were initiated directly by Srila Prabhupada. A registration must be confirmed by a referral from an existing disciple or a temple president.',
        'Volunteers and hosts: you must be an adult and must align with the principles of the movement in your conduct while serving.',
      ],
    },
    {
      heading: 'Your responsibilities',
      items: [
        'Give true and complete information and keep it up to date.',
        'Keep your password to yourself and tell us if you think someone else has used your account.',
        'Respect the privacy of the elders you meet: what you learn in service stays in service.',
      ],
    },
    {
      heading: 'Code of conduct',
      items: [
        'Treat every elder, family member and fellow volunteer with kindness, patience and respect.',
        'Follow the guidance of the program coordinators, especially in health and money matters.',
        'Never ask for or accept money or gifts from the elders in our care.',
      ],
    },
    {
      heading: 'Termination',
      paragraphs: [
        'We may suspend or end an account or a volunteer or host role if these terms are broken or if an elder’s safety requires it. You may end your participation at any time by writing to us.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'SPDC is a service run largely by volunteers. We do our best to arrange good care, but medical decisions remain with qualified doctors and the people concerned. To the extent the law allows, SPDC is not liable for loss arising from the use of this website or from services provided by independent partners.',
      ],
    },
  ],
};

// The title and meta description of every public page.

export interface Meta {
  title: string;
  description: string;
}

export const meta = {
  home: {
    title: "SPDC — care for Srila Prabhupada's elderly disciples",
    description: 'SPDC cares for elderly initiated disciples of Srila Prabhupada: financial help, healthcare coordination, spiritual support, hosting and volunteering.',
  },
  about: { title: 'About Us', description: 'Who SPDC is, why we care for the elderly disciples of Srila Prabhupada, and our vision and mission.' },
  team: { title: 'Our Team', description: 'The sevakas who coordinate the SPDC care program.' },
  testimonial: { title: 'Testimonials', description: 'What elders, families, volunteers and temple presidents say about SPDC.' },
  implementation: { title: 'Implementation Process', description: 'The six steps by which SPDC finds, understands and cares for elderly disciples.' },
  events: { title: 'Success Stories', description: 'Stories of what Srila Prabhupada’s disciples achieved, and the gatherings SPDC holds for them today.' },
  volunteer: { title: 'Volunteers', description: 'Meet the kind of volunteers who serve elderly disciples with SPDC, and join them.' },
  donation: { title: 'Donation', description: 'How to donate to SPDC by bank transfer or UPI, report your gift and receive your 80G receipt.' },
  receiptVerify: { title: 'Check a receipt', description: 'Whether a donation receipt was issued by SPDC and is still valid.' },
  privacy: { title: 'Privacy Policy', description: 'What information SPDC collects, how it is used and shared, and your rights.' },
  terms: { title: 'Terms & Conditions', description: 'Eligibility, responsibilities, code of conduct, termination and liability in the SPDC program.' },
  donor: { title: 'Donor', description: 'The donors who make SPDC’s care for elderly disciples possible.' },
  services: { title: 'Services', description: 'The help SPDC arranges: health care, financial aid, accommodation, companionship, travel and advocacy.' },
  servicesDetails: { title: 'Healthcare coordination', description: 'How SPDC volunteers coordinate doctors, hospitals and medicines for elderly disciples.' },
  causes: { title: 'Causes', description: 'Current SPDC fundraising causes for elderly disciples.' },
  causesDetails: { title: 'Medicines for the coming year', description: 'Help cover a year of medicines for elderly disciples who cannot afford them.' },
  eventDetails: { title: 'Event', description: 'An SPDC gathering or event for elderly disciples: when, where and what happens.' },
  faq: { title: 'Frequently asked questions', description: 'Answers about who SPDC helps, registering, volunteering, hosting and donating.' },
  comingSoon: { title: 'Coming soon', description: 'A library of memories of Srila Prabhupada’s disciples is coming soon.' },
  contact: { title: 'Contact Us', description: 'Write, call or visit SPDC. Tell us about an elderly disciple who needs help.' },
  notFound: { title: 'Page not found', description: 'The page you are looking for does not exist.' },
} satisfies Record<string, Meta>;

// Every route path of the site, in one place. Paths are
// case-sensitive: /Team and /team are both routes, /TEAM is not.
export const paths = {
  home: '/',
  about: '/aboutus',
  testimonial: '/testimonial',
  team: '/team',
  teamAlt: '/Team',
  terms: '/teamcondition',
  privacy: '/privacypolicy',
  recover: '/recover',
  recoverPassword: '/recoverpassword',
  register: '/register',
  login: '/login',
  services: '/services',
  causes: '/causes',
  causesDetails: '/causesdetails',
  comingSoon: '/comingsoon',
  error: '/error',
  faq: '/faq',
  servicesDetails: '/servicesdetails',
  contact: '/contactus',
  events: '/events',
  eventDetails: '/eventdetails',
  resetPassword: '/reset-password/:token',
  becomeVolunteer: '/becomevolunteer',
  donation: '/donation',
  implementation: '/implementationProcess',
  volunteer: '/volunteer',
  volunteerAlt: '/Volunteer',
  discipleRegistration: '/discipleRegistration',
  host: '/Host',
  confirmation: '/Reg',
  donor: '/donor',
  myAccount: '/myaccount',
  admin: '/admin',
  careRecord: '/admin/care/:id',
  reports: '/admin/reports',
  partners: '/admin/partners',
  accounts: '/accounts',
  accountsYear: '/accounts/:fy',
  setup: '/setup/:token',
  receiptVerify: '/receipts/verify/:code',
  verifyEmail: '/verify-email/:token',
} as const;

export type PathKey = keyof typeof paths;

/** resetPasswordPath builds the link for a reset token. */
export function resetPasswordPath(token: string): string {
  return `/reset-password/${encodeURIComponent(token)}`;
}

// The route table as data: each path of the site and the module in
// app/routes/ that renders it. The router builds the pages from it, and
// the build turns it into the list of chunks each path needs, so the server
// can tell the browser to fetch a page's code together with the app's
// (scripts/route-preloads.ts). It must stay free of imports other than
// the paths, because the build reads it too.
import { paths } from '../config/paths';

/** routeTable pairs every path with its page module (app/routes/NAME.tsx). */
export const routeTable: ReadonlyArray<readonly [path: string, module: string]> = [
  [paths.home, 'home'],
  [paths.about, 'about'],
  [paths.testimonial, 'testimonial'],
  [paths.team, 'team'],
  [paths.teamAlt, 'team'],
  [paths.terms, 'terms'],
  [paths.privacy, 'privacy'],
  [paths.recover, 'recover'],
  [paths.recoverPassword, 'forgot-password'],
  [paths.register, 'register'],
  [paths.login, 'login'],
  [paths.services, 'services'],
  [paths.causes, 'causes'],
  [paths.causesDetails, 'causes-details'],
  [paths.comingSoon, 'coming-soon'],
  [paths.error, 'not-found'],
  [paths.faq, 'faq'],
  [paths.servicesDetails, 'services-details'],
  [paths.contact, 'contact'],
  [paths.events, 'events'],
  [paths.eventDetails, 'event-details'],
  [paths.resetPassword, 'reset-password'],
  [paths.becomeVolunteer, 'become-volunteer'],
  [paths.donation, 'donation'],
  [paths.implementation, 'implementation'],
  [paths.volunteer, 'volunteer'],
  [paths.volunteerAlt, 'volunteer'],
  [paths.discipleRegistration, 'disciple-registration'],
  [paths.host, 'host'],
  [paths.confirmation, 'confirmation'],
  [paths.donor, 'donor'],
  [paths.myAccount, 'my-account'],
  [paths.admin, 'admin'],
  // The care register's staff pages are rendered by the admin module,
  // which loads them on demand: a module of their own each would add its
  // name and files to the code every page loads first.
  [paths.careRecord, 'admin'],
  [paths.reports, 'admin'],
  [paths.partners, 'admin'],
  [paths.accounts, 'accounts'],
  [paths.accountsYear, 'accounts'],
  [paths.setup, 'setup'],
  [paths.receiptVerify, 'receipt-verify'],
  [paths.verifyEmail, 'verify-email'],
];

/** partPaths are the paths whose page shows a part of the messages kept
 * out of the site's catalogue (the dashboard's, the care register's) and
 * fetches it as soon as its code runs: the server names that file among
 * the page's preloads, in the page's language. */
export const partPaths: Readonly<Record<string, 'admin' | 'care'>> = {
  [paths.admin]: 'admin',
  [paths.careRecord]: 'care',
  [paths.reports]: 'care',
  [paths.partners]: 'care',
};

/** notFoundModule renders every path the table does not list. */
export const notFoundModule = 'not-found';

// Text of the smaller pages that is not the program's editable content:
// services, coming soon, and the introductions of the pages whose
// lists come from the site's data.
import { t } from '@/i18n';

// Read when a page is drawn, so that they follow the language being shown.
const SERVICES = ['health', 'money', 'home', 'company', 'travel', 'papers'] as const;

export const services = {
  get intro() {
    return t('pages.services.intro');
  },
  get items() {
    // The first service has a page of its own, whose title it shares.
    return SERVICES.map((k) => ({ title: k === 'health' ? t('meta.servicesDetails.title') : t(`pages.services.${k}.title`), text: t(`pages.services.${k}.text`) }));
  },
};

export const serviceDetails = {
  get title() {
    return t('meta.servicesDetails.title');
  },
  get paragraphs() {
    return [t('pages.serviceDetails.p1'), t('pages.serviceDetails.p2'), t('pages.serviceDetails.p3')];
  },
  get steps() {
    return [1, 2, 3, 4].map((n) => t(`pages.serviceDetails.step${n}`));
  },
};

export const comingSoon = {
  get title() {
    return t('pages.comingSoon.title');
  },
  get text() {
    return t('pages.comingSoon.text');
  },
};

export const volunteerPage = {
  get intro() {
    return t('pages.volunteers.intro');
  },
  get cta() {
    return t('header.volunteer');
  },
};

export const donorPage = {
  // The original site's heading, kept word for word in every language.
  heading: "Behind The Donor's Of",
  get intro() {
    return t('pages.donors.intro');
  },
  get cta() {
    return t('home.becomeDonor');
  },
};

export const teamPage = {
  get intro() {
    return t('pages.team.intro');
  },
};

export const testimonialsPage = {
  get intro() {
    return t('pages.testimonials.intro');
  },
};

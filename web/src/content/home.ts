// The words of the home page that are not the program's editable content
// (that comes from the site's data): the banner and the section leads.

export const hero = {
  title: "Caring for Srila Prabhupada's elderly disciples",
  lead: 'Practical help, health care and loving association for the devotees who built our movement, so that they can grow old in dignity and in Krishna consciousness.',
  videoLabel: 'A slow sunrise over hills, drawn for SPDC',
};

export const featuresIntro = 'Ways SPDC helps, chosen from what elderly disciples told us they need most.';

export const implementationIntro =
  'How SPDC grows from a list of names into a care network that reaches every elderly disciple who needs it. Each step builds on the one before.';

export const storiesIntro = 'What Srila Prabhupada’s disciples achieved with him is the reason we care for them now.';

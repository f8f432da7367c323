// The Donation page (/donation): bank-transfer instructions. The bank
// details are PLACEHOLDERS until the program fills in its real account.

export const donationIntro =
  'Your gift pays for medicine, rent, hospital care and travel for elderly disciples who have no one else to turn to. We accept donations by domestic bank transfer in India.';

/** PLACEHOLDER bank account: replace with the program's real one. */
export const bank: { label: string; value: string }[] = [
  { label: 'Account name', value: 'SPDC Care Trust (placeholder)' },
  { label: 'Bank', value: 'Example Bank of India (placeholder)' },
  { label: 'Branch', value: 'Vrindavan, Uttar Pradesh' },
  { label: 'Account number', value: '0000 0000 0000 (placeholder)' },
  { label: 'Account type', value: 'Savings' },
  { label: 'IFSC code', value: 'EXMP0000000 (placeholder)' },
];

export const afterTransfer = {
  heading: 'After you transfer, please e-mail us',
  intro: 'So that we can thank you, use your gift as you wish and send your receipt, please write to us with:',
  items: [
    'Your full name as it should appear on the receipt',
    'Your postal address and phone number',
    'The amount, the date of the transfer and the bank reference (UTR) number',
    'The purpose of your gift (see below)',
    'The type of receipt you need (see below)',
    'Your PAN number, if the donation is above INR 49,999 or you want an 80G receipt',
  ],
};

export const purposes: { name: string; text: string }[] = [
  { name: 'General', text: 'Used wherever the need is greatest at the time.' },
  { name: 'Health', text: 'Medicines, health assessments, doctors and hospital care.' },
  { name: 'Travel', text: 'Journeys to hospitals, to holy places and to new homes, with an escort where needed.' },
  { name: 'SPDC', text: 'Running the program itself: coordinators, phone calls, records and outreach.' },
];

export const receipts: { name: string; text: string }[] = [
  { name: '80G tax-exemption receipt', text: 'For donors in India who want to claim the deduction under section 80G of the Income Tax Act. Your PAN is required.' },
  { name: 'General receipt', text: 'An acknowledgement of your gift without a tax-exemption claim.' },
];

export const donationRules = [
  'A PAN number is mandatory if your donation exceeds INR 49,999.',
  'Please check your details before we issue the receipt: no changes can be made once a receipt has been issued.',
];

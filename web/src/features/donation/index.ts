// Donations: the donation page's payment details and report form. My
// Account's list (components/my-donations) and the receipt check
// (components/receipt-verify) are imported by their own routes directly, so
// that each page's code stays with that page.
export { PaymentDetails } from './components/payment-details';
export { ReportGiftForm, GiftRulesNote } from './components/report-gift-form';

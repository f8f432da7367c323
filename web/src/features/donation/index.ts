// Donations: the page's payment details and report form, the donor's own
// gifts on My Account, and the public check of a receipt.
export { PaymentDetails } from './components/payment-details';
export { ReportGiftForm, GiftRulesNote } from './components/report-gift-form';
export { MyDonations } from './components/my-donations';
export { ReceiptVerify } from './components/receipt-verify';

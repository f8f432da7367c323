// The payment link a UPI app opens, for the QR code and the phone's button.

// UPI apps expect the address's @ as it is; everything else that is not a
// plain character is percent-encoded (a space as %20, never as +).
const enc = (s: string) => encodeURIComponent(s.trim()).replace(/%40/g, '@');

/** upiLink builds upi://pay?pa=…&pn=…&cu=INR. */
export function upiLink(upiId: string, payee: string): string {
  const parts = [`pa=${enc(upiId)}`];
  if (payee.trim()) parts.push(`pn=${enc(payee)}`);
  parts.push('cu=INR');
  return `upi://pay?${parts.join('&')}`;
}

// Words for the values the donation API uses.

/** modeName writes a payment mode for people ("Cheque", not "CHEQUE"). */
export function modeName(mode: string): string {
  return mode === 'CASH' ? 'Cash' : mode === 'CHEQUE' ? 'Cheque' : mode;
}

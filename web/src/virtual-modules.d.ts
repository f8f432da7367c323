declare module 'virtual:countries' {
  /** Every country and territory: its region code and English name, sorted by the name. */
  const countries: [code: string, name: string][];
  export default countries;
}

declare module 'virtual:countries' {
  const names: string[];
  export default names;
}

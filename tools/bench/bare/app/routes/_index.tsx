/** The bare page: what Remix and the HTTP server cost with no data and almost no markup. */
export default function Index() {
  return <h1>Joyería Aurora</h1>;
}

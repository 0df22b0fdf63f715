/** The framework's ceiling: the smallest cached page this version of Next can serve. */
export default function Page() {
  return <h1>Hello</h1>;
}

// Placeholder: being built (see the open issue for this screen).
export default function Placeholder() {
  return <h1 className="p-8 text-2xl">Zakup</h1>;
}

// stub: this staff screen is being built
export default function Stub() {
  return <p>…</p>;
}

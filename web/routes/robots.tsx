// Placeholder: robots.txt (storefront issue).
export function loader() {
  return new Response("User-agent: *\nAllow: /\n", {
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

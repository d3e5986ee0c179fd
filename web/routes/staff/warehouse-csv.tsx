// stub: the stock CSV export (GET) and import (POST) resource route is being built
export function loader() {
  return new Response("Not yet", { status: 404 });
}

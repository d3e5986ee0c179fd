import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("produkty", "routes/products.tsx"),
  // resource routes (POST forms that work without JavaScript)
  route("jezyk", "routes/set-language.tsx"),
  route("zgoda-cookies", "routes/accept-cookies.tsx"),
  // anything else: 404 inside the shop layout (the static-pages issue turns this into /{link})
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

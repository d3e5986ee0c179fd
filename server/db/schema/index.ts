// The data model of SPEC §3, one file per area. Money is integer grosze (`…_grosze`). Derived values
// (category path/idsPath, product thumbnail, total quantity) are computed on read.
// Change these files, then `npm run db:generate` and commit the generated SQL.

export * from "./accounts";
export * from "./activity";
export * from "./after-sale";
export * from "./audit";
export * from "./back-in-stock";
export * from "./catalog";
export * from "./content";
export * from "./coupons";
export * from "./invoices";
export * from "./jobs";
export * from "./ksef";
export * from "./mail";
export * from "./order-desk";
export * from "./orders";
export * from "./parcel-points";
export * from "./payments";
export * from "./shipments";

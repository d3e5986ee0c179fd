import { type ProductIdentity, type ProductSafety, safetyGaps } from "../../../domain/gpsr";
import type { products } from "../../db/schema";

// The product's identity, SEO and safety (GPSR) fields between their columns and the DTO's two
// groups (issue 30, docs/decisions/073): read by the catalog mapper, written by the product admin
// service with the derived `safetyComplete` (domain/gpsr.ts safetyGaps, the rule's one home).

type ProductRow = typeof products.$inferSelect;

export function identityOf(row: ProductRow): ProductIdentity {
  return {
    sku: row.sku,
    gtin: row.gtin,
    weightGrams: row.weightGrams,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
  };
}

export function safetyOf(row: ProductRow): ProductSafety {
  return {
    manufacturerName: row.manufacturerName,
    manufacturerAddress: row.manufacturerAddress,
    manufacturerContact: row.manufacturerContact,
    manufacturerOutsideEu: row.manufacturerOutsideEu,
    euRepName: row.euRepName,
    euRepAddress: row.euRepAddress,
    euRepContact: row.euRepContact,
    identifier: row.safetyIdentifier,
    warnings: row.safetyWarnings,
    care: row.careInstructions,
  };
}

/** The columns a product write sets from the payload's two groups. */
export function identityAndSafetyColumns(identity: ProductIdentity, safety: ProductSafety) {
  return {
    ...identity,
    manufacturerName: safety.manufacturerName,
    manufacturerAddress: safety.manufacturerAddress,
    manufacturerContact: safety.manufacturerContact,
    manufacturerOutsideEu: safety.manufacturerOutsideEu,
    euRepName: safety.euRepName,
    euRepAddress: safety.euRepAddress,
    euRepContact: safety.euRepContact,
    safetyIdentifier: safety.identifier,
    safetyWarnings: safety.warnings,
    careInstructions: safety.care,
    safetyComplete: safetyGaps(safety, identity.sku).length === 0,
  } satisfies Partial<typeof products.$inferInsert>;
}

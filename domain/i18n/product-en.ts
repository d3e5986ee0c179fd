import type { ProductKey } from "./product-pl";

// English texts of one area of the shop: the product page (with its gallery) (see product-pl.ts).
// Typed by the Polish keys of the area, so the compiler rejects missing and extra keys.

export const enProduct: Record<ProductKey, string> = {
  "product.lowestPrice30DaysValue": "lowest price in the last 30 days: {price}",
  "product.tags": "Tags",
  "product.description": "Description",
  "product.processingTime": "Processing time",
  "product.availability": "Availability",
  "product.availabilityHigh": "In stock",
  "product.availabilityMedium": "Limited stock",
  "product.availabilityLow": "Last items",
  "product.availabilityNone": "Out of stock",
  "product.securePayment": "Secure payment through a bank",
  "product.addToCart": "Add to cart",
  "product.addSimilar": "add similar",
  "product.edit": "edit",
  "product.notFound": "This product does not exist",
  "product.socialProofViewers": "{count} people are viewing this product right now",
  "product.relatedProducts": "Similar products",
  "product.gallery": "Photo gallery",
  "product.openGallery": "Enlarge photo",
  "product.socialProofPurchases30Days": "{count} pieces of this product bought in the last 30 days",
  "product.price": "Price",
  "product.optionSoldOut": "out of stock",
  "product.buyBar": "Quick add to cart",
  "product.applyOptions": "Apply selection",
  "product.showOptionImage": "Enlarge photo: {option}",
  "product.hiddenNotice": "This product is hidden: customers cannot see it.",
  "cart.allUnitsInCart": "Your cart already holds every available unit of this product.",
  "product.closeGallery": "Close gallery",
  "product.previousImage": "Previous photo",
  "product.nextImage": "Next photo",
  "product.imageOf": "Photo {index} of {total}",
  "product.showImage": "Show photo {index}",
  "product.thumbnails": "Photo thumbnails",
};

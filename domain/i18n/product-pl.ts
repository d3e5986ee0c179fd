// Polish texts of one area of the shop: the product page (with its gallery). The browser loads them with the modules
// that use them (web/lib/product-texts.ts), not with every page (docs/decisions/021-bundle-budgets.md).
// pl.ts joins the areas into the catalog that defines MessageKey.

export const plProduct = {
  "product.lowestPrice30DaysValue": "najniższa cena z 30 dni: {price}",
  "product.tags": "Tagi",
  "product.description": "Opis",
  "product.processingTime": "Czas realizacji",
  "product.availability": "Dostępność",
  "product.availabilityHigh": "Duża dostępność",
  "product.availabilityMedium": "Średnia dostępność",
  "product.availabilityLow": "Ostatnie sztuki",
  "product.availabilityNone": "Produkt niedostępny",
  "product.securePayment": "Bezpieczna płatność za pośrednictwem banku",
  "product.addToCart": "Dodaj do koszyka",
  "product.addSimilar": "dodaj podobny",
  "product.edit": "edytuj",
  "product.notFound": "Dany produkt nie istnieje",
  "product.socialProofViewers": "{count} użytkowników ogląda teraz ten produkt",
  "product.relatedProducts": "Podobne produkty",
  "product.gallery": "Galeria zdjęć",
  "product.openGallery": "Powiększ zdjęcie",
  "product.socialProofPurchases30Days": "W ciągu ostatnich 30 dni kupiono {count} szt. tego produktu",
  "product.price": "Cena",
  "product.optionSoldOut": "brak",
  "product.buyBar": "Szybkie dodanie do koszyka",
  "product.applyOptions": "Zastosuj wybór",
  "product.showOptionImage": "Powiększ zdjęcie: {option}",
  "product.hiddenNotice": "Ten produkt jest ukryty: klienci go nie widzą.",
  "cart.allUnitsInCart": "W koszyku są już wszystkie dostępne sztuki tego produktu.",
  "product.closeGallery": "Zamknij galerię",
  "product.previousImage": "Poprzednie zdjęcie",
  "product.nextImage": "Następne zdjęcie",
  "product.imageOf": "Zdjęcie {index} z {total}",
  "product.showImage": "Pokaż zdjęcie {index}",
  "product.thumbnails": "Miniatury zdjęć",
} as const;

export type ProductKey = keyof typeof plProduct;

import type { ContentKey } from "./content-pl";

// English texts of one area of the shop: the blog, the static pages and the contact page (see content-pl.ts).
// Typed by the Polish keys of the area, so the compiler rejects missing and extra keys.

export const enContent: Record<ContentKey, string> = {
  "blog.title": "Blog",
  "blog.intro":
    "Sewing tips, inspiration and news from our workshop. See what we have sewn lately and learn how to care for cotton fabrics.",
  "blog.empty": "No articles",
  "blog.tags": "Tags",
  "blog.edit": "edit",
  "blog.relatedProducts": "Related products",
  "blog.notFound": "This article does not exist",
  "page.edit": "edit",
  "page.notFound": "The page you are looking for does not exist",
  "contact.title": "Contact",
  "contact.intro": "Do you have a question or an idea for a custom order? Write to us.",
  "contact.email": "Email",
  "contact.message": "Message",
  "contact.send": "Send message",
  "contact.sent": "The message has been sent",
  "contact.formTitle": "Write to us",
  "backInStock.confirmTitle": "Confirm the back-in-stock notice",
  "backInStock.confirmIntro": "Confirm that you want an e-mail when the product is available again.",
  "backInStock.confirmButton": "Confirm",
  "backInStock.confirmed": "Thank you! We will write to you when the product is available.",
  "backInStock.unsubscribeTitle": "Unsubscribe from the back-in-stock notice",
  "backInStock.unsubscribeIntro": "We will no longer send the notice about this product.",
  "backInStock.unsubscribeButton": "Unsubscribe me",
  "backInStock.unsubscribed": "Unsubscribed. We will no longer send the notice about this product.",
};

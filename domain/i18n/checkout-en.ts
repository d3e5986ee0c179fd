import type { CheckoutKey } from "./checkout-pl";

// English texts of one area of the shop: the checkout and the demo bank (see checkout-pl.ts).
// Typed by the Polish keys of the area, so the compiler rejects missing and extra keys.

export const enCheckout: Record<CheckoutKey, string> = {
  "cart.discount": "DISCOUNT",
  "checkout.title": "Delivery and payment",
  "checkout.recipient": "Recipient details",
  "checkout.invoice": "Invoice details",
  "checkout.copyFromRecipient": "Copy from recipient details",
  "checkout.delivery": "Delivery",
  "checkout.pickupPoint": "Pickup point",
  "checkout.markParcelLocker": "Select a parcel locker",
  "checkout.changePickupPoint": "change",
  "checkout.payment": "Payment",
  "checkout.paymentProvider": "Payments handled by",
  "checkout.terms": "I accept the {terms} and the {privacyPolicy}",
  "checkout.termsLink": "terms and conditions",
  "checkout.privacyPolicyLink": "privacy policy",
  "checkout.goToPayment": "Proceed to payment",
  "checkout.applyDelivery": "Save the delivery method",
  "checkout.newTotal": "New amount to pay: {amount}",
  "checkout.providerDemo": "Payment gateway (demo)",
  "checkout.providerPaynow": "Paynow (mBank)",
  "checkout.confirmationTo": "We will send the order confirmation to {email}.",
  "checkout.demoBankLabel": "Online payment",
  "checkout.demoBankTitle": "Payment gateway (demo)",
  "checkout.demoBankNotice": "This is the shop's demo payment gateway: no money will be taken.",
  "checkout.demoBankAmount": "Amount to pay",
  "checkout.demoBankPay": "Pay",
  "checkout.demoBankReject": "Reject",
  "checkout.demoBankDecided": "This payment has already been settled.",
  "checkout.demoBankClosed": "This payment was closed because the order was canceled. No money was taken.",
  "checkout.demoBankBackToOrder": "Back to the order",
  "checkout.invoiceOther": "I want the invoice for different details",
  "checkout.invoiceSameAsRecipient": "The invoice will be issued to the recipient details.",
  "checkout.announceSaved": "Saved: {section}.",
  "checkout.announceEditing": "Editing: {section}.",
  "checkout.announceCopied": "Copied the recipient details.",
  "checkout.lineOutOfStock": "{product}: no longer available, removed from your cart.",
  "checkout.lineFewerLeft":
    "{product}: only {available} left, the quantity changed from {requested} to {available}.",
  "checkout.linePriceChanged": "{product}: new price {newPrice} each (was {oldPrice}).",
  "errors.cartChanged": "Your cart has changed since you opened the page. Check the changes and try again.",
  "errors.tooManyOrders": "Too many orders were placed in a short time. Try again later or write to us.",
  "errors.idempotencyKeyReused":
    "This order was already placed with other details. Refresh the page to place a new order.",
};
